package io.iotkit.instance;

import io.iotkit.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The 200 sensors of a power substation: twenty realistic types (after the paper's Fig. 3 and the EPRI
 * sensor survey it cites), ten of each, every one with its unit and a plausible value range.
 */
public final class SensorCatalog {
  private static final List<SensorType> TYPES = List.of(
      new SensorType("ltc-gassing", "parts per million", 0, 2_000, 1),
      new SensorType("mis-h2", "parts per million", 0, 5_000, 1),
      new SensorType("mis-c2h2", "parts per million", 0, 500, 2),
      new SensorType("pmu-voltage", "kilovolt", 100, 500, 3),
      new SensorType("pmu-angle", "degree", -180, 180, 3),
      new SensorType("pmu-frequency", "hertz", 59.5, 60.5, 4),
      new SensorType("leakage-current", "milliampere", 0, 10, 4),
      new SensorType("oil-temperature", "degree Celsius", 20, 110, 2),
      new SensorType("winding-temperature", "degree Celsius", 30, 140, 2),
      new SensorType("ambient-temperature", "degree Celsius", -30, 50, 2),
      new SensorType("line-current", "ampere", 0, 3_000, 2),
      new SensorType("active-power", "megawatt", 0, 500, 3),
      new SensorType("reactive-power", "megavolt-ampere reactive", -200, 200, 3),
      new SensorType("power-factor", "dimensionless ratio", 0.7, 1.0, 4),
      new SensorType("sf6-pressure", "kilopascal", 400, 800, 1),
      new SensorType("oil-moisture", "parts per million water", 0, 60, 2),
      new SensorType("vibration", "millimeter per second", 0, 25, 3),
      new SensorType("battery-voltage", "volt direct current", 100, 140, 2),
      new SensorType("humidity", "percent relative humidity", 0, 100, 1),
      new SensorType("breaker-operations", "operations counted", 0, 100_000, 0));

  private static final List<Sensor> SENSORS = build();

  private SensorCatalog() {
  }

  private static List<Sensor> build() {
    int perType = WorkloadSpec.SENSORS_PER_SUBSTATION / TYPES.size();
    List<Sensor> sensors = new ArrayList<>();
    for (SensorType type : TYPES) {
      for (int i = 1; i <= perType; i++) {
        sensors.add(new Sensor(String.format("%s-%02d", type.key(), i), type));
      }
    }
    return List.copyOf(sensors);
  }

  /** All sensors of a substation, in a fixed order. */
  static List<Sensor> sensors() {
    return SENSORS;
  }

  /** The sensors one insert thread writes: every {@code threads}-th, so each sensor has exactly one writer. */
  static List<Sensor> forThread(int thread, int threads) {
    List<Sensor> mine = new ArrayList<>();
    for (int i = thread; i < SENSORS.size(); i += threads) {
      mine.add(SENSORS.get(i));
    }
    return mine;
  }
}

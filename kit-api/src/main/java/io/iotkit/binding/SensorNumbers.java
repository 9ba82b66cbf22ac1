package io.iotkit.binding;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The number of each of a substation's 200 sensors (0 to 199, in the driver's catalog order), for a binding that
 * lays a substation's readings out by sensor, e.g. Kafka's partition per sensor: writer and reader of a reading
 * find the same place from its sensor key alone.
 *
 * <p>The driver's sensor catalog (kit-instance instance.SensorCatalog, which holds each type's unit and range) names
 * its sensors {@code <type>-NN}, ten of each of these twenty types; a kit-instance test checks that the two agree.
 */
public final class SensorNumbers {
  /** Sensors per substation. */
  public static final int COUNT = 200;
  private static final List<String> TYPES = List.of("ltc-gassing", "mis-h2", "mis-c2h2", "pmu-voltage", "pmu-angle",
      "pmu-frequency", "leakage-current", "oil-temperature", "winding-temperature", "ambient-temperature",
      "line-current", "active-power", "reactive-power", "power-factor", "sf6-pressure", "oil-moisture", "vibration",
      "battery-voltage", "humidity", "breaker-operations");
  private static final int PER_TYPE = COUNT / TYPES.size();
  private static final Map<String, Integer> NUMBERS = numbers();
  private static final List<String> NAMES = names(NUMBERS);

  private SensorNumbers() {
  }

  private static Map<String, Integer> numbers() {
    Map<String, Integer> m = new HashMap<>();
    for (int t = 0; t < TYPES.size(); t++) {
      for (int i = 1; i <= PER_TYPE; i++) {
        m.put(String.format("%s-%02d", TYPES.get(t), i), t * PER_TYPE + i - 1);
      }
    }
    return Map.copyOf(m);
  }

  private static List<String> names(Map<String, Integer> numbers) {
    String[] names = new String[COUNT];
    numbers.forEach((name, n) -> names[n] = name);
    return List.of(names);
  }

  /**
   * Every sensor of a substation, by number: for a binding that finds a substation's readings sensor by sensor
   * (e.g. DynamoDB's exact counts, a Query per sensor's partition).
   */
  public static List<String> names() {
    return NAMES;
  }

  /** The sensor's number, 0 to {@value #COUNT} - 1; -1 for a key not in the catalog (e.g. a test's own). */
  public static int number(String sensor) {
    return NUMBERS.getOrDefault(sensor, -1);
  }
}

package io.iotkit.instance;

import io.iotkit.binding.ReadingFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * Generates the readings of one insert thread: its sensors in turn, each reading stamped with real time.
 *
 * <p>Keys are unique and sort by time within a sensor: a sensor's timestamp is the wall clock in microseconds,
 * moved one microsecond past the sensor's previous reading when the clock has not advanced. Each sensor has
 * one writing thread, so this needs no coordination.
 */
final class KvpGenerator {
  /** 64 printable characters: 6 random bits each, so padding is text yet incompressible. */
  private static final byte[] ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes();

  private final String substation;
  private final Sensor[] sensors;
  private final String[] sensorPrefixes;
  private final long[] lastMicros;
  private final SplittableRandom rng;
  private final LongSupplier clockMicros;
  private int next;

  KvpGenerator(String substation, List<Sensor> sensors, long seed, LongSupplier clockMicros) {
    if (sensors.isEmpty()) {
      throw new IllegalArgumentException("a generator needs at least one sensor");
    }
    this.substation = substation;
    this.sensors = sensors.toArray(new Sensor[0]);
    this.sensorPrefixes = new String[this.sensors.length];
    for (int i = 0; i < this.sensors.length; i++) {
      sensorPrefixes[i] = ReadingFormat.sensorPrefix(substation, this.sensors[i].key());
    }
    this.lastMicros = new long[this.sensors.length];
    this.rng = new SplittableRandom(seed);
    this.clockMicros = clockMicros;
  }

  String substation() {
    return substation;
  }

  Kvp next() {
    int i = next;
    next = (i + 1) % sensors.length;
    Sensor sensor = sensors[i];
    long micros = Math.max(clockMicros.getAsLong(), lastMicros[i] + 1);
    lastMicros[i] = micros;
    String key = sensorPrefixes[i] + ReadingFormat.timestamp(micros);
    String value = sensor.type().sample(rng);
    String unit = sensor.type().unit();
    byte[] padding = new byte[WorkloadSpec.KVP_BYTES - key.length() - value.length() - unit.length()];
    fillRandomText(padding);
    return new Kvp(key, sensor, micros, value, unit, padding);
  }

  private void fillRandomText(byte[] out) {
    int i = 0;
    while (i < out.length) {
      long bits = rng.nextLong();
      for (int k = 0; k < 10 && i < out.length; k++, i++) {
        out[i] = ALPHABET[(int) (bits & 63)];
        bits >>>= 6;
      }
    }
  }
}

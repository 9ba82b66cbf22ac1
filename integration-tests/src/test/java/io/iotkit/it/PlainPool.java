package io.iotkit.it;

import io.iotkit.binding.bench.PlainReading;
import java.util.Arrays;

/** Readings for a plain client loop, shaped as the kit's generator makes them (1,024 bytes with their key). */
final class PlainPool {
  private PlainPool() {
  }

  /** {@code size} readings spread over {@code sensors} sensors, each padded to the kit's reading size. */
  static PlainReading[] of(int size, int sensors) {
    PlainReading[] pool = new PlainReading[size];
    for (int i = 0; i < size; i++) {
      String sensor = "oil-temperature-" + (i % sensors);
      String value = Double.toString(20 + i % 90 + 0.25);
      String unit = "degree Celsius";
      // key substation:sensor:16-digit timestamp, as ReadingFormat lays it out
      int keyLength = "plain-000".length() + 1 + sensor.length() + 1 + 16;
      byte[] padding = new byte[1_024 - keyLength - value.length() - unit.length()];
      Arrays.fill(padding, (byte) ('0' + i % 64));
      pool[i] = new PlainReading(sensor, value, unit, padding);
    }
    return pool;
  }
}

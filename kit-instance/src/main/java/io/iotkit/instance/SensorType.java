package io.iotkit.instance;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * A kind of substation sensor: its unit and the range and precision of its readings.
 *
 * @param key short name used in sensor keys
 * @param unit unit of measurement, 4 to 34 characters
 */
record SensorType(String key, String unit, double min, double max, int decimals) {

  SensorType {
    if (unit.length() < 4 || unit.length() > 34) {
      throw new IllegalArgumentException("unit length of " + key);
    }
  }

  /**
   * A reading in range, as decimal text of at most 20 characters: the integer part, and {@code decimals}
   * digits after a point. Written right to left into one buffer, as the hot path makes one per kvp.
   */
  String sample(SplittableRandom rng) {
    long scale = pow10(decimals);
    return text(rng.nextLong(Math.round(min * scale), Math.round(max * scale) + 1));
  }

  /** The longest text {@link #sample} can return: one of the range's ends, as text grows with |v|. */
  int longestSample() {
    long scale = pow10(decimals);
    return Math.max(text(Math.round(min * scale)).length(), text(Math.round(max * scale)).length());
  }

  /** {@code v} scaled by 10^decimals as decimal text. */
  private String text(long v) {
    byte[] text = new byte[21];
    int at = text.length;
    long rest = Math.abs(v);
    for (int d = 0; d < decimals; d++, rest /= 10) {
      text[--at] = (byte) ('0' + rest % 10);
    }
    if (decimals > 0) {
      text[--at] = '.';
    }
    do {
      text[--at] = (byte) ('0' + rest % 10);
      rest /= 10;
    } while (rest > 0);
    if (v < 0) {
      text[--at] = '-';
    }
    return new String(text, at, text.length - at, StandardCharsets.ISO_8859_1);
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }
}

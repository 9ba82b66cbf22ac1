package io.iotkit.instance;

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

  /** A reading in range, as decimal text of at most 20 characters; cheap enough for the hot path. */
  String sample(SplittableRandom rng) {
    long scale = pow10(decimals);
    long lo = Math.round(min * scale);
    long hi = Math.round(max * scale);
    long v = rng.nextLong(lo, hi + 1);
    if (decimals == 0) {
      return Long.toString(v);
    }
    StringBuilder sb = new StringBuilder(20);
    if (v < 0) {
      sb.append('-');
      v = -v;
    }
    sb.append(v / scale).append('.');
    String frac = Long.toString(v % scale);
    for (int i = frac.length(); i < decimals; i++) {
      sb.append('0');
    }
    return sb.append(frac).toString();
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }
}

package io.iotkit.model;

import java.util.Locale;

/** Byte counts for people: binary units, e.g. "1.5 GiB". */
public final class ByteSize {
  private ByteSize() {
  }

  public static String binary(double bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = bytes;
    int u = 0;
    while (Math.abs(v) >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? String.format(Locale.ROOT, "%,.0f B", v) : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}

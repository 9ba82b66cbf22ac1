package io.iotkit.report;

import java.util.Locale;

/** Escaping and number formatting shared by the HTML and SVG reports. */
final class Html {
  private Html() {
  }

  /** Text made safe for element content and for attribute values in double or single quotes. */
  static String esc(Object text) {
    String s = text == null ? "" : text.toString();
    StringBuilder sb = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  /** String.format without the platform locale, so reports read the same on every machine. */
  static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** A rate or count with thousands separators and two decimals, as the text report shows IoTps. */
  static String iotps(double v) {
    return fmt("%,.2f", v);
  }

  /** A number without needless decimals: 20, 0.25, 1,830. */
  static String plain(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return fmt("%,d", (long) v);
    }
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  /** Null or blank shown as a dash, so a missing figure is visible rather than an empty cell. */
  static String orDash(Object v) {
    return v == null || v.toString().isBlank() ? "–" : v.toString();
  }
}

package io.iotkit.report;

import java.util.Locale;

/**
 * How the report pages and their charts write numbers and missing values. Escaping is the templates' ({@link
 * io.iotkit.template.HtmlEscape}), never a view's: values reach the templates as plain text.
 */
final class Html {
  private Html() {
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

package io.iotkit.disclosure;

import io.iotkit.binding.SecretNames;
import io.iotkit.model.UtcTime;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Locale;

/**
 * How the documents show a value. The sponsor's empty fields show as {@value #MISSING}; figures of the run are
 * never missing in that sense: what the kit could not read shows as {@value #UNKNOWN}, what was not measured as
 * {@value #NOT_MEASURED}.
 */
final class FdrFormat {
  static final String MISSING = "MISSING";
  static final String UNKNOWN = "unknown (not readable)";
  static final String NOT_MEASURED = "not measured";

  private FdrFormat() {
  }

  /** A field the sponsor must give: trimmed, or MISSING when empty. */
  static String required(String value) {
    return blank(value) ? MISSING : value.trim();
  }

  static String required(Integer value) {
    return value == null ? MISSING : Integer.toString(value);
  }

  /** A field the sponsor may leave out. */
  static String optional(String value) {
    return blank(value) ? "none" : value.trim();
  }

  /** Text the kit read or was given. */
  static String text(String s) {
    return blank(s) ? UNKNOWN : s;
  }

  static String count(Integer v) {
    return v == null ? UNKNOWN : Integer.toString(v);
  }

  /** Thousands separated, e.g. "10,000,000". */
  static String count(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  static String date(LocalDate d) {
    return d == null ? UNKNOWN : d.toString();
  }

  static String utc(Instant t) {
    return t == null ? UNKNOWN : UtcTime.of(t) + " UTC";
  }

  static String money(double v) {
    return String.format(Locale.ROOT, "%,.2f", v);
  }

  static String seconds(double v) {
    return String.format(Locale.ROOT, "%.1f s", v);
  }

  static String decimals(String format, double v) {
    return String.format(Locale.ROOT, format, v);
  }

  /** Binary units, e.g. "23.4 GiB". */
  static String bytes(long b) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = b;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? b + " B" : (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f %s", v, units[u])
        : String.format(Locale.ROOT, "%.1f %s", v, units[u]));
  }

  /** Binary units and the exact count, e.g. "24 GiB (25,769,803,776 bytes)". */
  static String bytesWithExact(long b) {
    return bytes(b) + String.format(Locale.ROOT, " (%,d bytes)", b);
  }

  /** A setting's value, or "(redacted)" when its name says it is a secret. */
  static String setting(String name, String value) {
    return SecretNames.isSecret(name) ? SecretNames.REDACTED : value;
  }

  static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}

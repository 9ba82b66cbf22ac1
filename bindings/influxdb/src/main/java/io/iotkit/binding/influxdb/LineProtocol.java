package io.iotkit.binding.influxdb;

import io.iotkit.binding.Reading;
import java.util.regex.Pattern;

/**
 * A reading as one line of InfluxDB's line protocol, timestamps in microseconds (the write's precision=u):
 * {@code reading,substation=<s>,sensor=<x> value=<float>,unit="<unit>",padding="<padding>" <micros>}.
 *
 * <p>Substation and sensor are tags, so each sensor is one series and a window query reads that series' time
 * range only; the value is a float field; unit and padding are string fields, the padding keeping the stored
 * point as large as the kit's reading. Escaping follows the line protocol: in tag values a backslash before
 * comma, equals sign and space; in string fields a backslash before a double quote and before a backslash. What the
 * protocol cannot carry (a line break anywhere, an empty tag, a tag ending in a backslash, a value that is not a
 * finite decimal number) is refused with an {@link IllegalArgumentException} rather than written as something else.
 */
final class LineProtocol {
  static final String MEASUREMENT = "reading";
  static final String SUBSTATION = "substation";
  static final String SENSOR = "sensor";
  static final String VALUE = "value";
  static final String UNIT = "unit";
  static final String PADDING = "padding";
  /** A decimal number as the line protocol takes a float (no NaN, no infinity, no hexadecimal). */
  private static final Pattern NUMBER = Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");

  private LineProtocol() {
  }

  /** Appends the reading's line, with its line break; leaves {@code out} as it was if the reading is refused. */
  static void append(StringBuilder out, Reading r) {
    int mark = out.length();
    try {
      if (!NUMBER.matcher(r.value()).matches()) {
        throw new IllegalArgumentException("value '" + r.value() + "' is not a decimal number");
      }
      out.append(MEASUREMENT).append(',').append(SUBSTATION).append('=');
      tag(out, r.substation());
      out.append(',').append(SENSOR).append('=');
      tag(out, r.sensor());
      out.append(' ').append(VALUE).append('=').append(r.value());
      out.append(',').append(UNIT).append("=\"");
      stringField(out, r.unit());
      out.append("\",").append(PADDING).append("=\"");
      stringField(out, r.padding());
      out.append("\" ").append(r.micros()).append('\n');
    } catch (IllegalArgumentException e) {
      out.setLength(mark);
      throw e;
    }
  }

  /** One reading's line, for tests and the plain loop. */
  static String line(Reading r) {
    StringBuilder b = new StringBuilder();
    append(b, r);
    return b.toString();
  }

  static void tag(StringBuilder out, String v) {
    if (v.isEmpty()) {
      throw new IllegalArgumentException("an empty tag value");
    }
    if (v.endsWith("\\")) {
      throw new IllegalArgumentException("tag value '" + v + "' ends in a backslash, which the line protocol cannot"
          + " carry");
    }
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c == ',' || c == '=' || c == ' ') {
        out.append('\\');
      } else if (c == '\n' || c == '\r') {
        throw new IllegalArgumentException("tag value spans lines");
      }
      out.append(c);
    }
  }

  static void stringField(StringBuilder out, String v) {
    for (int i = 0; i < v.length(); i++) {
      escapeStringChar(out, v.charAt(i));
    }
  }

  /** The padding's bytes are ASCII text (the reading's contract); each is one character. */
  static void stringField(StringBuilder out, byte[] v) {
    for (byte b : v) {
      escapeStringChar(out, (char) (b & 0xFF));
    }
  }

  private static void escapeStringChar(StringBuilder out, char c) {
    if (c == '"' || c == '\\') {
      out.append('\\');
    } else if (c == '\n' || c == '\r') {
      throw new IllegalArgumentException("a string field spans lines");
    }
    out.append(c);
  }
}

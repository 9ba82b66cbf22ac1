package io.iotkit.binding.influxdb;

import io.iotkit.binding.Aggregate;
import java.util.List;
import java.util.stream.Collectors;

/** The InfluxQL statements the binding sends, with identifiers and string literals quoted as InfluxQL wants. */
final class InfluxQl {
  private InfluxQl() {
  }

  /**
   * A window query: the count of one sensor's readings in {@code [from, to)} (µs) and, unless the template is
   * COUNT, its aggregate, computed by the server over that series' points only.
   */
  static String window(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros) {
    String aggregate = switch (fn) {
      case COUNT -> "";
      case MAX -> ", max(" + LineProtocol.VALUE + ")";
      case MIN -> ", min(" + LineProtocol.VALUE + ")";
      case AVG -> ", mean(" + LineProtocol.VALUE + ")";
    };
    return "SELECT count(" + LineProtocol.VALUE + ")" + aggregate + " FROM " + identifier(LineProtocol.MEASUREMENT)
        + " WHERE " + sensorIs(substation, sensor) + " AND time >= " + fromMicros + "u AND time < " + toMicros + "u";
  }

  /** One statement per substation, in their order: the exact count of its readings over all time. */
  static String counts(List<String> substations) {
    return substations.stream().map(s -> "SELECT count(" + LineProtocol.VALUE + ") FROM "
        + identifier(LineProtocol.MEASUREMENT) + " WHERE " + LineProtocol.SUBSTATION + " = " + literal(s))
        .collect(Collectors.joining("; "));
  }

  /** One statement per substation, in their order: how many series (sensors) it has. */
  static String seriesCounts(List<String> substations) {
    return substations.stream().map(s -> "SHOW SERIES EXACT CARDINALITY FROM " + identifier(LineProtocol.MEASUREMENT)
        + " WHERE " + LineProtocol.SUBSTATION + " = " + literal(s)).collect(Collectors.joining("; "));
  }

  static String createDatabase(String database) {
    return "CREATE DATABASE " + identifier(database);
  }

  static String retentionPolicies(String database) {
    return "SHOW RETENTION POLICIES ON " + identifier(database);
  }

  /** How many readings the kit's measurement holds, over all substations and time. */
  static String countAll() {
    return "SELECT count(" + LineProtocol.VALUE + ") FROM " + identifier(LineProtocol.MEASUREMENT);
  }

  /** Every reading the kit wrote: its measurement, all series of it. */
  static String dropReadings() {
    return "DROP MEASUREMENT " + identifier(LineProtocol.MEASUREMENT);
  }

  private static String sensorIs(String substation, String sensor) {
    return LineProtocol.SUBSTATION + " = " + literal(substation) + " AND " + LineProtocol.SENSOR + " = "
        + literal(sensor);
  }

  /** An identifier in double quotes. */
  static String identifier(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** A string literal in single quotes. */
  static String literal(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}

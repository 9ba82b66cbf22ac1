package io.iotkit.model;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * What a check measured: the number and its unit where the check measures one, and the text the reports show.
 * A figure that is not a number (e.g. "embedded server stopped and started") has no value and no unit.
 *
 * @param value the measured number, or null when the check measured no number
 * @param unit what the number counts, e.g. "s", "kvps/s", "readings"; null with no value
 * @param text the figure as the reports show it, e.g. "1800.123 s" or "3 (hdfs dfs.replication)"
 */
public record Figure(Double value, String unit, String text) {

  @JsonCreator
  public Figure {
  }

  public static Figure of(double value, String unit, String text) {
    return new Figure(value, unit, text);
  }

  /** A whole number shown as itself, e.g. a count of readings. */
  public static Figure count(long value, String unit) {
    return new Figure((double) value, unit, Long.toString(value));
  }

  /** A figure that is no number. */
  public static Figure text(String text) {
    return new Figure(null, null, text);
  }

  @Override
  public String toString() {
    return text;
  }
}

package io.iotkit.model;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * The limit a check holds its figure to: a bound on a number with its unit, or, for a check of a state (a
 * restart, a folder removed), only the text the reports show.
 *
 * @param bound how the figure must compare with {@code value}; null for a limit that is no number
 * @param value the limit's number; null for a limit that is no number
 * @param unit the unit of {@code value}, the same as the figure's
 * @param text the limit as the reports show it, e.g. ">= 1800 s"
 */
public record Limit(Bound bound, Double value, String unit, String text) {

  /** How a figure must compare with the limit. */
  public enum Bound {
    AT_LEAST, AT_MOST, EXACTLY
  }

  @JsonCreator
  public Limit {
  }

  public static Limit atLeast(double value, String unit, String text) {
    return new Limit(Bound.AT_LEAST, value, unit, text);
  }

  public static Limit atMost(double value, String unit, String text) {
    return new Limit(Bound.AT_MOST, value, unit, text);
  }

  public static Limit exactly(double value, String unit, String text) {
    return new Limit(Bound.EXACTLY, value, unit, text);
  }

  /** A limit that is a state to reach, not a number. */
  public static Limit text(String text) {
    return new Limit(null, null, null, text);
  }

  /** Whether a measured number is within this limit; false for a limit that is no number. */
  public boolean admits(double measured) {
    if (bound == null || value == null) {
      return false;
    }
    return switch (bound) {
      case AT_LEAST -> measured >= value;
      case AT_MOST -> measured <= value;
      case EXACTLY -> measured == value;
    };
  }

  @Override
  public String toString() {
    return text;
  }
}

package io.iotkit.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a paced instance's insert threads space their readings (--arrivals): every gap the same, gaps drawn from a
 * normal distribution of the same mean, as the load studies this kit follows did, or bursts of readings due
 * together at a fixed period, as a device that sends a batch and then sleeps does. Written as its label: {@code
 * fixed}, {@code gaussian}, {@code burst:N/Tms}.
 *
 * @param kind        the schedule's shape
 * @param burst       readings per burst (bursts only; 1 otherwise)
 * @param everyMillis ms from one burst's due instant to the next's (bursts only; 0 otherwise)
 */
public record Arrivals(Kind kind, int burst, int everyMillis) {
  /** Every gap is the mean interval. */
  public static final Arrivals FIXED = new Arrivals(Kind.FIXED, 1, 0);
  /**
   * Gaps drawn from a normal distribution with the mean interval as mean and {@link #GAUSSIAN_SPREAD} of it as
   * standard deviation, truncated at 0.
   */
  public static final Arrivals GAUSSIAN = new Arrivals(Kind.GAUSSIAN, 1, 0);

  /** The standard deviation of a Gaussian gap as a fraction of the mean gap. */
  public static final double GAUSSIAN_SPREAD = 0.25;

  /** The most readings in one burst, and the longest period: beyond them a "burst" is a typing slip. */
  public static final int MAX_BURST = 1_000_000;
  public static final int MAX_EVERY_MILLIS = 3_600_000;

  private static final Pattern BURST = Pattern.compile("burst:(\\d{1,9})/(\\d{1,9})ms");

  /** The shapes of a schedule. */
  public enum Kind {
    FIXED, GAUSSIAN,
    /** {@code burst} readings due at one instant, every {@code everyMillis} ms. */
    BURST
  }

  public Arrivals {
    if (kind == Kind.BURST ? burst < 1 || burst > MAX_BURST || everyMillis < 1 || everyMillis > MAX_EVERY_MILLIS
        : burst != 1 || everyMillis != 0) {
      throw new IllegalArgumentException("not an arrival schedule: " + kind + " " + burst + "/" + everyMillis + "ms");
    }
  }

  /** Bursts of {@code readings} readings due together every {@code everyMillis} ms on each insert thread. */
  public static Arrivals bursts(int readings, int everyMillis) {
    return new Arrivals(Kind.BURST, readings, everyMillis);
  }

  /**
   * Reads a label as --arrivals takes it.
   *
   * @throws IllegalArgumentException with what the label may be
   */
  @JsonCreator
  public static Arrivals parse(String label) {
    switch (label) {
      case "fixed":
        return FIXED;
      case "gaussian":
        return GAUSSIAN;
      default:
        Matcher m = BURST.matcher(label);
        if (m.matches()) {
          int readings = Integer.parseInt(m.group(1));
          int every = Integer.parseInt(m.group(2));
          if (readings >= 1 && readings <= MAX_BURST && every >= 1 && every <= MAX_EVERY_MILLIS) {
            return bursts(readings, every);
          }
        }
        throw new IllegalArgumentException("--arrivals must be fixed, gaussian or burst:N/Tms (N readings due"
            + " together every T ms on each insert thread, N from 1 to " + MAX_BURST + ", T from 1 to "
            + MAX_EVERY_MILLIS + "); it was '" + label + "'");
    }
  }

  /** The name as the option and result.json write it. */
  @JsonValue
  public String label() {
    return kind == Kind.BURST ? "burst:" + burst + "/" + everyMillis + "ms" : kind.name().toLowerCase(Locale.ROOT);
  }

  /** Whether the schedule sets its own rate (bursts do: N readings every T ms), rather than taking --rate's. */
  public boolean setsRate() {
    return kind == Kind.BURST;
  }

  /** For bursts: the kvps/s an instance of {@code threads} insert threads ingests on this schedule. */
  public double instanceRate(int threads) {
    return (double) threads * burst * 1_000 / everyMillis;
  }

  @Override
  public String toString() {
    return label();
  }
}

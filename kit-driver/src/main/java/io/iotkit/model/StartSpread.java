package io.iotkit.model;

import java.util.List;
import java.util.Locale;

/**
 * How far apart an execution's instances began writing: each instance's lag from the start barrier's release
 * (TS_start) to its first write, measured by the instance on its own clock against the release instant it was
 * given. TS_start is the release, so every instance's lag counts in TS_start..TS_end as time it did not write.
 *
 * <p>On driver hosts other than the master's, each release instant was moved onto the host's clock by its measured
 * offset, so each lag is measured from the master's release within the offset's error bound. The
 * TPC sets no limit on the start's spread; the kit warns beyond {@link #LIMIT_SECONDS}.
 *
 * @param firstLagSeconds the earliest instance's lag, seconds; null where the instances did not report lags (an
 *     older result)
 * @param lastLagSeconds the latest instance's lag, seconds: the spread of the starts from the release; null likewise
 * @param lastInstance the instance that began last; -1 when unknown
 * @param warnings the limit the start went beyond, one sentence; empty within it
 */
public record StartSpread(Double firstLagSeconds, Double lastLagSeconds, int lastInstance, List<String> warnings) {

  /**
   * The latest first write, seconds after the release, that does not warn: a second is the record's interval, so a
   * later instance leaves the execution's first interval without all instances writing.
   */
  public static final double LIMIT_SECONDS = 1.0;

  public StartSpread {
    warnings = List.copyOf(warnings);
  }

  /** The spread of these instances' starts. */
  public static StartSpread of(List<InstanceResult> instances) {
    InstanceResult first = null;
    InstanceResult last = null;
    for (InstanceResult i : instances) {
      if (i.startLagMicros() == null) {
        return new StartSpread(null, null, -1, List.of());
      }
      if (first == null || i.startLagMicros() < first.startLagMicros()) {
        first = i;
      }
      if (last == null || i.startLagMicros() > last.startLagMicros()) {
        last = i;
      }
    }
    if (first == null) {
      return new StartSpread(null, null, -1, List.of());
    }
    double lastLag = last.startLagMicros() / 1e6;
    List<String> warnings = lastLag > LIMIT_SECONDS
        ? List.of(String.format(Locale.ROOT, "driver instance %d began writing %.3f s after the start barrier's "
            + "release (limit %.0f s)", last.instance(), lastLag, LIMIT_SECONDS))
        : List.of();
    return new StartSpread(first.startLagMicros() / 1e6, lastLag, last.instance(), warnings);
  }

  /**
   * The figures as one line of text: "first write 0.002 to 0.021 s after the release (the last: instance 3)".
   *
   * @param clockErrorMicros the driver hosts' clock offsets' largest error bound; 0 when every instance ran on the
   *     master's host
   */
  public String text(long clockErrorMicros) {
    if (lastLagSeconds == null) {
      return "not measured: the instances did not report their start";
    }
    String clocks = clockErrorMicros == 0 ? ""
        : String.format(Locale.ROOT, ", each within +/- %.3f ms (the driver hosts' clock offsets)",
            clockErrorMicros / 1e3);
    return String.format(Locale.ROOT, "first write %.3f to %.3f s after the release (the last: instance %d)%s",
        firstLagSeconds, lastLagSeconds, lastInstance, clocks);
  }
}

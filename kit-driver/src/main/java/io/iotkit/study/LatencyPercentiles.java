package io.iotkit.study;

import org.HdrHistogram.Histogram;

/**
 * One latency's p50, p99 and p99.9 in ms as a study's table shows them; each is null where the run did not
 * measure it.
 */
public record LatencyPercentiles(Double p50Ms, Double p99Ms, Double p999Ms) {
  /** Not measured. */
  public static final LatencyPercentiles NONE = new LatencyPercentiles(null, null, null);

  /** The percentiles of a histogram of µs; {@link #NONE} when it holds nothing. */
  static LatencyPercentiles of(Histogram micros) {
    if (micros == null || micros.getTotalCount() == 0) {
      return NONE;
    }
    return new LatencyPercentiles(micros.getValueAtPercentile(50) / 1e3, micros.getValueAtPercentile(99) / 1e3,
        micros.getValueAtPercentile(99.9) / 1e3);
  }

  /** Whether anything was measured. */
  public boolean measured() {
    return p50Ms != null;
  }
}

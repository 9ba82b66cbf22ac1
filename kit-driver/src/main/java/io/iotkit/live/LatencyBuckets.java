package io.iotkit.live;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import org.HdrHistogram.Histogram;

/**
 * A latency histogram of microseconds as Prometheus's classic histogram in seconds: each bucket's count and the
 * sum, read from the kit's HdrHistogram (3 significant digits, so a count near a bound and the sum carry its
 * resolution).
 */
record LatencyBuckets(ClassicHistogramBuckets buckets, double sumSeconds) {
  /** Bucket upper bounds, seconds: from 0.5 ms (a local insert) to a minute's stall. */
  static final double[] BOUNDS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
      30, 60, Double.POSITIVE_INFINITY};

  static LatencyBuckets of(Histogram micros) {
    long total = micros.getTotalCount();
    long[] counts = new long[BOUNDS.length]; // each bucket's own count, not cumulative
    long below = 0;
    for (int i = 0; i < BOUNDS.length - 1; i++) {
      long upTo = total == 0 ? 0 : micros.getCountBetweenValues(0, Math.round(BOUNDS[i] * 1e6));
      counts[i] = upTo - below;
      below = upTo;
    }
    counts[counts.length - 1] = total - below;
    return new LatencyBuckets(ClassicHistogramBuckets.of(BOUNDS, counts),
        total == 0 ? 0 : micros.getMean() * total / 1e6);
  }
}

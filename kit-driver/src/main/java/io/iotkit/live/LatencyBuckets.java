package io.iotkit.live;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A latency histogram of microseconds as Prometheus's classic histogram in seconds: each bucket's count and the
 * sum, read from the kit's HdrHistogram (3 significant digits, so a count near a bound and the sum carry its
 * resolution: a value counts in a bucket when the lowest value it stands for is within the bound).
 */
record LatencyBuckets(ClassicHistogramBuckets buckets, double sumSeconds) {
  /** Bucket upper bounds, seconds: from 0.5 ms (a local insert) to a minute's stall. */
  static final double[] BOUNDS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
      30, 60, Double.POSITIVE_INFINITY};

  /** Bucket upper bounds in microseconds, +Inf left out. */
  private static final long[] BOUNDS_MICROS = java.util.Arrays.stream(BOUNDS, 0, BOUNDS.length - 1)
      .mapToLong(b -> Math.round(b * 1e6)).toArray();

  /** One pass over the histogram's recorded values, each into the first bucket whose bound holds it. */
  static LatencyBuckets of(Histogram micros) {
    long[] counts = new long[BOUNDS.length]; // each bucket's own count, not cumulative
    int bucket = 0;
    for (HistogramIterationValue v : micros.recordedValues()) { // ascending
      long value = micros.lowestEquivalentValue(v.getValueIteratedTo());
      while (bucket < BOUNDS_MICROS.length && value > BOUNDS_MICROS[bucket]) {
        bucket++;
      }
      counts[bucket] += v.getCountAtValueIteratedTo();
    }
    long total = micros.getTotalCount();
    return new LatencyBuckets(ClassicHistogramBuckets.of(BOUNDS, counts),
        total == 0 ? 0 : micros.getMean() * total / 1e6);
  }
}

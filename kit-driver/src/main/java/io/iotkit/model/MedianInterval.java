package io.iotkit.model;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The median of repeated measurements of one figure, with a 95 % confidence interval from a bootstrap: each
 * resample draws as many values as were measured, with replacement, and the interval is the 2.5th to 97.5th
 * percentile of the resamples' medians. The resampling is seeded, so the same values always give the same interval.
 * With few values the interval is wide: with 5 or fewer it is their whole range, with 7 it spans the 2nd to the 6th
 * smallest, with 10 the 3rd to the 8th.
 *
 * @param n how many values were measured
 * @param median their median (the mean of the two middle ones for an even count)
 * @param low the interval's lower bound
 * @param high its upper bound
 * @param min the smallest value
 * @param max the largest value
 */
public record MedianInterval(int n, double median, double low, double high, double min, double max) {
  private static final long SEED = 0x5EED_3D1AL;

  /** The interval of these values; at least one. */
  public static MedianInterval of(double[] values) {
    int n = values.length;
    if (n == 0) {
      throw new IllegalArgumentException("no values");
    }
    double[] medians = new double[RatioInterval.RESAMPLES];
    double[] draw = new double[n];
    SplittableRandom random = new SplittableRandom(SEED);
    for (int b = 0; b < medians.length; b++) {
      for (int i = 0; i < n; i++) {
        draw[i] = values[random.nextInt(n)];
      }
      medians[b] = BenchResult.median(draw);
    }
    Arrays.sort(medians);
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return new MedianInterval(n, BenchResult.median(values), RatioInterval.percentile(medians, 0.025),
        RatioInterval.percentile(medians, 0.975), sorted[0], sorted[n - 1]);
  }

  /** Whether this interval and {@code other} do not overlap: the two medians differ beyond their intervals. */
  public boolean apartFrom(MedianInterval other) {
    return high < other.low || other.high < low;
  }
}

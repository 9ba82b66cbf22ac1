package io.iotkit.model;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The ratio of two medians, kit over reference, with a 95 % confidence interval from a bootstrap over paired
 * rounds: round {@code i} of each side ran back to back, so a resample draws whole rounds (both sides of round
 * {@code i} together) with replacement, and the interval is the 2.5th to 97.5th percentile of the resampled
 * ratios. The resampling is seeded, so one bench's rounds always give the same interval.
 *
 * @param ratio median of the kit's values over median of the reference's
 * @param low lower bound of the interval
 * @param high upper bound of the interval
 */
public record RatioInterval(double ratio, double low, double high) {
  static final int RESAMPLES = 10_000;
  private static final long SEED = 0x5EED_B007L;

  /** The interval of {@code kit[i]} against {@code reference[i]}, both with one value per round. */
  public static RatioInterval of(double[] kit, double[] reference) {
    if (kit.length != reference.length || kit.length == 0) {
      throw new IllegalArgumentException("paired rounds: " + kit.length + " kit, " + reference.length + " reference");
    }
    int n = kit.length;
    double[] ratios = new double[RESAMPLES];
    double[] k = new double[n];
    double[] r = new double[n];
    SplittableRandom random = new SplittableRandom(SEED);
    for (int b = 0; b < RESAMPLES; b++) {
      for (int i = 0; i < n; i++) {
        int pick = random.nextInt(n);
        k[i] = kit[pick];
        r[i] = reference[pick];
      }
      ratios[b] = BenchResult.median(k) / BenchResult.median(r);
    }
    Arrays.sort(ratios);
    return new RatioInterval(BenchResult.median(kit) / BenchResult.median(reference),
        percentile(ratios, 0.025), percentile(ratios, 0.975));
  }

  /** The sorted values' {@code p}-quantile, interpolated between the two nearest. */
  static double percentile(double[] sorted, double p) {
    double at = p * (sorted.length - 1);
    int below = (int) Math.floor(at);
    int above = Math.min(sorted.length - 1, below + 1);
    return sorted[below] + (at - below) * (sorted[above] - sorted[below]);
  }
}

package io.iotkit.plan;

import io.iotkit.model.RunPlan;

/**
 * The K of a compliant run from a measured rate: the smallest multiple of P x 1,000 kvps for which an execution at
 * that rate lasts at least 1800 s x (1 + margin). Warmup and measured run ingest the same K (PROTOCOL.md §4.2), so
 * one K serves both.
 */
public final class KvpsTarget {
  /** K is rounded up to a multiple of this many kvps per instance, so every instance gets a round share. */
  public static final long ROUNDING_PER_INSTANCE = 1_000;

  private KvpsTarget() {
  }

  /**
   * @param iotps          the calibration's measured rate, kvps/s over all instances
   * @param minimumSeconds the shortest execution the rules allow (1800 s)
   * @param marginPercent  how much longer than that the plan aims for, against a rate that falls as the store fills
   */
  public static RunPlan.Kvps of(double iotps, double minimumSeconds, double marginPercent, int substations) {
    if (!(iotps > 0) || Double.isInfinite(iotps)) {
      throw new IllegalArgumentException("a rate above 0 is needed to plan K (it was " + iotps + ")");
    }
    if (!(marginPercent >= 0)) {
      throw new IllegalArgumentException("the margin must be 0 % or more (it was " + marginPercent + ")");
    }
    if (substations < 1) {
      throw new IllegalArgumentException("P must be at least 1 (it was " + substations + ")");
    }
    double target = minimumSeconds * (1 + marginPercent / 100);
    long minimum = (long) Math.ceil(iotps * target);
    long step = substations * ROUNDING_PER_INSTANCE;
    long k = roundUp(minimum, step);
    return new RunPlan.Kvps(iotps, minimumSeconds, marginPercent, target, minimum, step, k, k / iotps);
  }

  /** The smallest multiple of {@code step} that is at least {@code value} (and at least one step). */
  static long roundUp(long value, long step) {
    if (step < 1) {
      throw new IllegalArgumentException("step " + step);
    }
    long steps = Math.max(1, value / step + (value % step > 0 ? 1 : 0));
    return Math.multiplyExact(steps, step);
  }
}

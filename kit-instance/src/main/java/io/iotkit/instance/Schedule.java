package io.iotkit.instance;

import io.iotkit.model.Arrivals;
import java.util.SplittableRandom;

/**
 * When each insert of one paced thread is due, as offsets from the thread's start: the k-th insert at the sum of
 * the first k gaps. Fixed arrivals make every gap the mean interval; Gaussian arrivals draw each gap from a normal
 * distribution with that mean and {@link Arrivals#GAUSSIAN_SPREAD} of it as standard deviation, truncated at 0,
 * from the thread's own seeded generator, so the same spec repeats the same schedule and the mean rate is kept.
 * Bursts make N inserts due at each instant of a fixed period, so a thread sends them back to back and then waits
 * for the next. An unpaced schedule has no due times: its thread inserts as fast as the store takes readings.
 */
final class Schedule {
  private final double meanNanos;
  /** The generator of Gaussian gaps, or null for fixed ones. */
  private final SplittableRandom gaps;
  /** Inserts due at one instant (1 but for bursts). */
  private final int burst;
  /** From one burst's instant to the next's, ns (bursts only). */
  private final long periodNanos;
  /** Inserts whose due time was handed out so far. */
  private long n;
  /** The due time of the next insert, for Gaussian gaps (fixed ones are computed from n, so never drift). */
  private double nextNanos;

  private Schedule(double meanNanos, SplittableRandom gaps, int burst, long periodNanos) {
    this.meanNanos = meanNanos;
    this.gaps = gaps;
    this.burst = burst;
    this.periodNanos = periodNanos;
  }

  /** No schedule: as fast as the store takes readings. */
  static Schedule unpaced() {
    return new Schedule(0, null, 1, 0);
  }

  /**
   * @param instanceRate kvps/s of the whole instance, spread evenly over its {@code threads}; 0 or less: unpaced.
   *     Bursts keep their own period, of which this is the rounded rate
   * @param seed the instance's seed; each thread's Gaussian gaps come from a generator of its own seeded from it
   */
  static Schedule of(long instanceRate, int threads, Arrivals arrivals, long seed, int thread) {
    if (instanceRate <= 0) {
      return unpaced();
    }
    if (arrivals.kind() == Arrivals.Kind.BURST) {
      long period = arrivals.everyMillis() * 1_000_000L;
      return new Schedule((double) period / arrivals.burst(), null, arrivals.burst(), period);
    }
    double mean = 1e9 * threads / instanceRate;
    return new Schedule(mean, arrivals.equals(Arrivals.GAUSSIAN) ? threadRandom(seed, thread) : null, 1, 0);
  }

  /**
   * A generator of its own per thread, split off one from the instance's seed (generators seeded with nearby
   * numbers would replay each other's draws shifted), apart from the ones that make the readings.
   */
  private static SplittableRandom threadRandom(long seed, int thread) {
    SplittableRandom r = new SplittableRandom(seed ^ 0x2545F4914F6CDD1DL);
    for (int t = 0; t < thread; t++) {
      r.split();
    }
    return r.split();
  }

  boolean paced() {
    return meanNanos > 0;
  }

  /** The mean gap between two inserts, ns. */
  double meanNanos() {
    return meanNanos;
  }

  /** The next insert's due time as an offset from the thread's start, ns; the first is due at once. */
  long nextOffsetNanos() {
    if (periodNanos > 0) {
      return n++ / burst * periodNanos;
    }
    if (gaps == null) {
      return (long) (n++ * meanNanos);
    }
    long due = (long) nextNanos;
    nextNanos += Math.max(0, meanNanos + Arrivals.GAUSSIAN_SPREAD * meanNanos * gaps.nextGaussian());
    n++;
    return due;
  }
}

package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Arrivals;
import org.junit.jupiter.api.Test;

/** The due times of a paced thread's inserts: fixed, Gaussian and bursts. */
class ScheduleTest {
  private static final int GAPS = 200_000;

  private static long[] offsets(Schedule s, int n) {
    long[] o = new long[n];
    for (int i = 0; i < n; i++) {
      o[i] = s.nextOffsetNanos();
    }
    return o;
  }

  @Test
  void unpacedHasNoDueTimes() {
    assertFalse(Schedule.of(0, 10, Arrivals.FIXED, 1, 0).paced());
    assertFalse(Schedule.of(0, 10, Arrivals.GAUSSIAN, 1, 0).paced());
  }

  @Test
  void fixedGapsAreTheIntervalAndNeverDrift() {
    // 3,000 kvps/s over 7 threads: 2,333,333.3 ns a gap, not a whole number of ns
    Schedule s = Schedule.of(3_000, 7, Arrivals.FIXED, 1, 0);
    long[] o = offsets(s, GAPS + 1);
    assertEquals(0, o[0], "the first insert is due at once");
    for (int i = 1; i < o.length; i++) {
      long gap = o[i] - o[i - 1];
      assertTrue(gap == 2_333_333 || gap == 2_333_334, "gap " + gap);
    }
    assertEquals((long) (GAPS * 7e9 / 3_000), o[GAPS], 1, "the n-th insert is due at n intervals");
  }

  @Test
  void gaussianGapsHaveTheIntervalAsMeanAndAQuarterOfItAsStandardDeviation() {
    // 20,000 kvps/s over 10 threads: a 500 µs mean gap
    Schedule s = Schedule.of(20_000, 10, Arrivals.GAUSSIAN, 99, 3);
    assertEquals(500_000, s.meanNanos(), 1e-6);
    long[] o = offsets(s, GAPS + 1);
    assertEquals(0, o[0]);
    double sum = 0;
    double squares = 0;
    long below = 0;
    for (int i = 1; i < o.length; i++) {
      long gap = o[i] - o[i - 1];
      assertTrue(gap >= 0, "a gap below 0: " + gap);
      sum += gap;
      squares += (double) gap * gap;
      below += gap < 500_000 ? 1 : 0;
    }
    double mean = sum / GAPS;
    double sd = Math.sqrt(squares / GAPS - mean * mean);
    assertEquals(500_000, mean, 500_000 * 0.01, "mean gap");
    assertEquals(0.25, sd / mean, 0.01, "standard deviation / mean");
    assertEquals(0.5, below / (double) GAPS, 0.01, "a symmetric distribution: half the gaps below the mean");
    // the schedule is the sum of the gaps, so the rate is kept over the run
    assertEquals(GAPS * 500_000.0, o[GAPS], GAPS * 500_000.0 * 0.01);
  }

  @Test
  void gaussianSchedulesRepeatWithTheSeedAndDifferBetweenThreads() {
    long[] a = offsets(Schedule.of(1_000, 2, Arrivals.GAUSSIAN, 42, 0), 1_000);
    long[] again = offsets(Schedule.of(1_000, 2, Arrivals.GAUSSIAN, 42, 0), 1_000);
    long[] otherThread = offsets(Schedule.of(1_000, 2, Arrivals.GAUSSIAN, 42, 1), 1_000);
    long[] otherSeed = offsets(Schedule.of(1_000, 2, Arrivals.GAUSSIAN, 43, 0), 1_000);
    assertEquals(java.util.Arrays.toString(a), java.util.Arrays.toString(again));
    assertNotEquals(a[999], otherThread[999]);
    assertNotEquals(a[999], otherSeed[999]);
  }

  @Test
  void burstsAreDueTogetherAtEachInstantOfTheirPeriod() {
    // 30 readings every 950 ms on each thread; the rate the run reports (rounded) does not move the instants
    Schedule s = Schedule.of(63, 2, Arrivals.bursts(30, 950), 1, 0);
    assertTrue(s.paced());
    long[] o = offsets(s, 90);
    for (int i = 0; i < 90; i++) {
      assertEquals(i / 30 * 950_000_000L, o[i], "insert " + i);
    }
    assertEquals(950e6 / 30, s.meanNanos(), 1e-6, "the mean gap: the period over the burst");
  }
}

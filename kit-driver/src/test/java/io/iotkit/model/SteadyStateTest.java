package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

class SteadyStateTest {
  private static final long START = 1_000_000_000L;

  /** A one-second series of {@code seconds} intervals, kvps from {@code rate}, ingest p99 10 ms where any. */
  private static PhaseSeries series(int seconds, IntToLongFunction rate) {
    long[] kvps = new long[seconds];
    double[] p99 = new double[seconds];
    for (int i = 0; i < seconds; i++) {
      kvps[i] = rate.applyAsLong(i);
      p99[i] = kvps[i] > 0 ? 10 : 0;
    }
    double[] zeros = new double[seconds];
    return new PhaseSeries(1000, kvps, new long[seconds], zeros, zeros, zeros, zeros, p99);
  }

  private static SteadyState of(PhaseSeries s) {
    return SteadyState.of(s, START, START + s.length() * 1_000_000L);
  }

  @Test
  void aSteadyRateHasNoWarning() {
    SteadyState s = of(series(120, i -> 1000 + (i % 2) * 100));
    assertEquals(110, s.windowSeconds());
    assertEquals(0.048, s.rateCv(), 0.001);
    assertEquals(1.0, s.rateTrend(), 0.01);
    assertEquals(1.0, s.ingestP99Trend(), 1e-9);
    assertEquals(0, s.longestStallSeconds());
    assertEquals(-1, s.stallStartSecond());
    assertEquals(0, s.warnings().size(), s.warnings().toString());
  }

  @Test
  void aFiveSecondStallWarns() {
    SteadyState s = of(series(120, i -> i >= 40 && i < 45 ? 0 : 1000));
    assertEquals(5, s.longestStallSeconds());
    assertEquals(40, s.stallStartSecond());
    assertEquals(1, s.warnings().size());
    assertTrue(s.warnings().get(0).startsWith("nothing was acknowledged for 5 s from second 40"), s.warnings().get(0));
  }

  @Test
  void aFourSecondStallIsReportedButDoesNotWarn() {
    SteadyState s = of(series(120, i -> i >= 40 && i < 44 ? 0 : 1000));
    assertEquals(4, s.longestStallSeconds());
    assertEquals(0, s.warnings().size());
  }

  @Test
  void aRateThatFallsWarnsAsATrend() {
    // acknowledgements slowing down over the run: 1,000/s falling by 5/s each second; the window's first tenth
    // (seconds 10-19) averages 927.5/s, its last (100-109) 477.5/s
    SteadyState s = of(series(110, i -> 1000 - 5L * i));
    assertEquals(477.5 / 927.5, s.rateTrend(), 1e-9);
    assertEquals(1, s.warnings().size());
    assertTrue(s.warnings().get(0).startsWith("the ingest rate fell 49%"), s.warnings().get(0));
  }

  @Test
  void aRisingP99IsMeasured() {
    PhaseSeries flat = series(110, i -> 1000);
    double[] p99 = new double[110];
    Arrays.setAll(p99, i -> 10 + i);
    PhaseSeries rising = new PhaseSeries(1000, flat.kvps(), flat.queries(), flat.queryP50Ms(), flat.queryP99Ms(),
        flat.queryMaxMs(), flat.ingestP50Ms(), p99);
    SteadyState s = of(rising);
    // first tenth of the window (seconds 10-19): mean 24.5 ms; last (100-109): 114.5 ms
    assertEquals(114.5 / 24.5, s.ingestP99Trend(), 1e-9);
    assertEquals(0, s.warnings().size());
  }

  @Test
  void theWindowEndsWhenTheFirstInstanceEnds() {
    // two instances at 500/s each; one ends at second 60, the other at 80: the rate halves for a reason that is
    // not the store's
    PhaseSeries s = series(80, i -> i < 60 ? 1000 : 500);
    SteadyState state = SteadyState.of(s, START, START + 60_000_000L);
    assertEquals(50, state.windowSeconds());
    assertEquals(1.0, state.rateTrend(), 1e-9);
    assertEquals(0, state.warnings().size());
  }

  @Test
  void aShortExecutionIsTooShortToJudge() {
    SteadyState s = of(series(25, i -> 1000));
    assertNull(s.rateCv());
    assertNull(s.rateTrend());
    assertTrue(s.text().startsWith("too short to judge its trend (15 s"), s.text());
  }

  @Test
  void anEmptySeriesHasNoFigures() {
    SteadyState s = of(PhaseSeries.empty());
    assertEquals(0, s.recordSeconds());
    assertEquals("not judged: the execution has no record second by second", s.text());
    assertEquals(0, s.windowSeconds());
    assertNull(s.rateTrend());
    assertEquals(0, s.longestStallSeconds());
  }

  @Test
  void longerIntervalsCountInSeconds() {
    // an execution over an hour is kept in result.json at several seconds an interval
    long[] kvps = new long[100];
    Arrays.fill(kvps, 5000);
    kvps[50] = 0;
    kvps[51] = 0;
    double[] z = new double[100];
    PhaseSeries s = new PhaseSeries(5000, kvps, new long[100], z, z, z, z, z);
    SteadyState state = SteadyState.of(s, START, START + 500_000_000L);
    assertEquals(10, state.longestStallSeconds());
    assertEquals(250, state.stallStartSecond());
    assertEquals(490, state.windowSeconds());
  }

  @Test
  void theSettledP99LeavesOutTheStartAndTheSecondsAfterTheFirstInstanceEnded() {
    PhaseSeries s = series(30, i -> 1000);
    double[] p99 = s.ingestP99Ms();
    p99[0] = 800; // the start's queue
    p99[9] = 700;
    p99[17] = 42; // the highest once started
    p99[25] = 900; // after the first instance ended at 25 s
    long start = 1_000_000_000L;
    assertEquals(42.0, SteadyState.settledIngestP99Ms(s, start, start + 25_000_000));
    assertEquals(null, SteadyState.settledIngestP99Ms(series(12, i -> 1000), start, start + 10_500_000),
        "no whole second after the first 10 s");
  }
}

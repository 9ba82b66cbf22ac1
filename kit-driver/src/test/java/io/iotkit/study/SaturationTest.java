package io.iotkit.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The saturation rule of a rate sweep: achieved below 95 % of offered, or ingest p99 over 10x the lowest's. */
class SaturationTest {
  private static final PointState.Status DONE = PointState.Status.DONE;

  /** One paced point: P=1 at {@code rate}, achieving {@code achieved} kvps/s with every insert taking {@code us}. */
  private static StudyRow point(long rate, double achieved, long us) {
    long kvps = 100_000;
    // the performance run lasts 1.1 x the given seconds
    return StudyTable.row(Long.toString(rate), DONE, "r" + rate,
        StudyRuns.run(kvps, new double[] {kvps / achieved / 1.1}, us, rate, null));
  }

  @Test
  void theFirstRateWhoseAchievedRateFallsBelow95PercentIsTheSaturationPoint() {
    Saturation s = Saturation.of(List.of(point(1000, 1000, 500), point(2000, 1950, 600), point(4000, 3700, 700),
        point(8000, 3800, 900)));
    assertTrue(s.reached());
    assertEquals("4000", s.value(), "3,700 of 4,000 is 92.5 %; 1,950 of 2,000 is 97.5 %");
    assertEquals(4000, s.offeredRate(), 1e-9);
    assertTrue(s.rule().startsWith("achieved 3,700 kvps/s is below 95% of the offered 4,000"), s.rule());
    assertTrue(s.describe("P").startsWith("saturation point: offered 4,000 kvps/s (P 4000)"), s.describe("P"));
  }

  @Test
  void aP99TenTimesTheLowestPointsIsSaturationTooAndSaysSo() {
    // given out of order: the lowest offered rate is the reference whatever the order of the sweep
    Saturation s = Saturation.of(List.of(point(4000, 4000, 5_500), point(1000, 1000, 500), point(2000, 2000, 4_000)));
    assertTrue(s.reached());
    assertEquals("4000", s.value(), "4 ms is 8x the 0.5 ms at 1,000; 5.5 ms is 11x");
    assertTrue(s.rule().startsWith("ingest p99 5.5"), s.rule());
  }

  @Test
  void bothRulesAreNamedWhenBothFire() {
    Saturation s = Saturation.of(List.of(point(1000, 1000, 500), point(2000, 1000, 50_000)));
    assertTrue(s.rule().contains("achieved") && s.rule().contains("ingest p99"), s.rule());
  }

  @Test
  void notReachedWhenEveryPointKeepsUp() {
    Saturation s = Saturation.of(List.of(point(1000, 999, 500), point(2000, 1990, 900)));
    assertFalse(s.reached());
    assertTrue(s.describe("rate").contains("not reached"));
  }

  @Test
  void pointsThatAllOfferOneRateSeekNoSaturationPoint() {
    // a sweep over K at one offered rate: the short first execution falls short of its offer, which is no load
    // the store could not take
    Saturation s = Saturation.of(List.of(point(5053, 3632, 4_894), point(5053, 5112, 1_423),
        point(5053, 5041, 1_129)));
    assertFalse(s.reached());
    assertTrue(s.oneOffer());
    assertEquals("saturation point: not sought (every point offered the same 5,053 kvps/s)", s.describe("K"));
  }

  @Test
  void unpacedPointsHaveNoSaturationPoint() {
    assertFalse(Saturation.of(List.of(StudyTable.row("1", DONE, "a", StudyRuns.even(1000, 1, 1, 500)))).reached());
  }

  @Test
  void aRateSweepTableShowsOfferedAndAchievedAndTheSaturationLine() {
    StudySpec spec = new StudySpec(List.of("memory"), List.of("1"), null, List.of("1000", "4000"), null, null, 1000L,
        null, null, null, null, null, false, null, null, null).validated();
    StudyTable t = new StudyTable("rates", spec, List.of(point(1000, 1000, 500), point(4000, 3000, 600)));
    String text = StudyText.text(t);
    assertTrue(text.contains("offered kvps/s"), text);
    assertTrue(text.contains("75.0%"), text);
    assertTrue(text.contains("saturation point: offered 4,000 kvps/s (rate 4000)"), text);
  }
}

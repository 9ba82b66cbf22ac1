package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bootstrap interval of a ratio of medians. */
class RatioIntervalTest {

  @Test
  void identicalRoundsGiveAPointAndTheRatioIsOfTheMedians() {
    RatioInterval i = RatioInterval.of(new double[] {2, 2, 2}, new double[] {1, 1, 1});
    assertEquals(new RatioInterval(2, 2, 2), i);
    RatioInterval m = RatioInterval.of(new double[] {1, 3, 100}, new double[] {1, 1, 2});
    assertEquals(3.0, m.ratio(), "median 3 over median 1, the outlier round aside");
  }

  @Test
  void theIntervalWidensWithTheRoundsSpreadAndHoldsTheRatio() {
    double[] kit = {10, 11, 9, 10.5, 9.5, 10, 10.2, 9.8, 10.1, 9.9};
    double[] reference = new double[kit.length];
    java.util.Arrays.fill(reference, 10);
    RatioInterval narrow = RatioInterval.of(kit, reference);
    double[] wild = {5, 15, 8, 12, 10, 6, 14, 10, 9, 11};
    RatioInterval wide = RatioInterval.of(wild, reference);
    assertTrue(narrow.low() <= narrow.ratio() && narrow.ratio() <= narrow.high(), narrow.toString());
    assertTrue(wide.high() - wide.low() > 2 * (narrow.high() - narrow.low()), narrow + " vs " + wide);
    assertTrue(narrow.low() > 0.9 && narrow.high() < 1.1, narrow.toString());
    assertEquals(narrow, RatioInterval.of(kit, reference), "seeded: the same rounds give the same interval");
  }

  @Test
  void roundsArePaired() {
    assertThrows(IllegalArgumentException.class, () -> RatioInterval.of(new double[] {1, 2}, new double[] {1}));
    assertThrows(IllegalArgumentException.class, () -> RatioInterval.of(new double[0], new double[0]));
  }

  @Test
  void percentilesInterpolate() {
    double[] sorted = {0, 10, 20, 30, 40};
    assertEquals(0, RatioInterval.percentile(sorted, 0));
    assertEquals(40, RatioInterval.percentile(sorted, 1));
    assertEquals(5, RatioInterval.percentile(sorted, 0.125), 1e-9);
  }
}

package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MedianIntervalTest {
  @Test
  void theMedianLiesInItsIntervalWhichLiesInTheValuesRange() {
    MedianInterval m = MedianInterval.of(new double[] {14, 10, 12, 11, 13});
    assertEquals(5, m.n());
    assertEquals(12, m.median());
    assertEquals(10, m.min());
    assertEquals(14, m.max());
    assertEquals(10, m.low(), "with 5 values, the interval of the median is their range");
    assertEquals(14, m.high());
    assertEquals(m, MedianInterval.of(new double[] {14, 10, 12, 11, 13}), "seeded: the same values, the same interval");
  }

  @Test
  void moreRunsNarrowTheIntervalWithinTheirRange() {
    MedianInterval m = MedianInterval.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
    assertEquals(5.5, m.median());
    assertEquals(3, m.low(), "the 3rd smallest of 10");
    assertEquals(8, m.high(), "the 8th");
  }

  @Test
  void oneValueIsItsOwnInterval() {
    MedianInterval m = MedianInterval.of(new double[] {7});
    assertEquals(new MedianInterval(1, 7, 7, 7, 7, 7), m);
  }

  @Test
  void pointsApartBeyondBothIntervalsDifferAndOverlappingOnesDoNot() {
    MedianInterval a = MedianInterval.of(new double[] {10, 11, 12, 13, 14});
    MedianInterval far = MedianInterval.of(new double[] {20, 21, 22, 23, 24});
    MedianInterval near = MedianInterval.of(new double[] {12, 13, 14, 15, 16});
    assertTrue(far.apartFrom(a));
    assertTrue(a.apartFrom(far));
    assertFalse(near.apartFrom(a));
  }
}

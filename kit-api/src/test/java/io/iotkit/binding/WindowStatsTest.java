package io.iotkit.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WindowStatsTest {

  private static WindowStats of(double... values) {
    WindowStats s = new WindowStats();
    for (double v : values) {
      s.add(v);
    }
    return s;
  }

  @Test
  void aggregatesOfKnownValues() {
    WindowStats s = of(3.5, -2.0, 10.25, 0.0, 4.25);
    assertEquals(new WindowResult(5, 10.25, 5), s.result(Aggregate.MAX));
    assertEquals(new WindowResult(5, -2.0, 5), s.result(Aggregate.MIN));
    assertEquals(new WindowResult(5, 3.2, 5), s.result(Aggregate.AVG));
    assertEquals(new WindowResult(5, 5.0, 5), s.result(Aggregate.COUNT));
  }

  @Test
  void allNegativeValues() {
    // max must not stay at an initial 0
    WindowStats s = of(-5, -3, -9);
    assertEquals(-3.0, s.result(Aggregate.MAX).value());
    assertEquals(-9.0, s.result(Aggregate.MIN).value());
  }

  @Test
  void singleValueIsMaxMinAndAverage() {
    WindowStats s = of(7.5);
    for (Aggregate a : new Aggregate[] {Aggregate.MAX, Aggregate.MIN, Aggregate.AVG}) {
      assertEquals(new WindowResult(1, 7.5, 1), s.result(a));
    }
  }

  @Test
  void emptyWindowHasCountZeroAndNaN() {
    WindowStats s = new WindowStats();
    assertEquals(new WindowResult(0, 0.0, 0), s.result(Aggregate.COUNT));
    for (Aggregate a : new Aggregate[] {Aggregate.MAX, Aggregate.MIN, Aggregate.AVG}) {
      WindowResult r = s.result(a);
      assertEquals(0, r.count());
      assertTrue(Double.isNaN(r.value()), a + " of nothing");
    }
  }

  @Test
  void recordsSkippedCountAsReadButNotAggregated() {
    WindowStats s = of(1.0, 2.0);
    s.skipped();
    s.skipped();
    s.skipped();
    WindowResult r = s.result(Aggregate.AVG);
    assertEquals(2, r.count());
    assertEquals(5, r.read());
    assertEquals(1.5, r.value());
  }
}

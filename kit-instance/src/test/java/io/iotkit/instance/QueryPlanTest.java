package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class QueryPlanTest {
  private static final long S = 1_000_000L;
  private static final long NOW = 1_767_225_600_000_000L;
  private static final List<Sensor> SENSORS = SensorCatalog.sensors();

  @Test
  void windowAIsTheLastFiveSeconds() {
    QueryPlan q = QueryPlan.plan(new SplittableRandom(1), SENSORS, NOW, NOW - 3_600 * S);
    assertEquals(NOW - 5 * S, q.aFrom());
    assertEquals(NOW, q.aTo());
  }

  @Test
  void windowBLiesInTheLookbackBeforeA() {
    SplittableRandom rng = new SplittableRandom(2);
    long dataSince = NOW - 7_200 * S; // older than the lookback
    long lowest = Long.MAX_VALUE, highest = Long.MIN_VALUE;
    for (int n = 0; n < 20_000; n++) {
      QueryPlan q = QueryPlan.plan(rng, SENSORS, NOW, dataSince);
      assertEquals(5 * S, q.bTo() - q.bFrom());
      assertTrue(q.bFrom() >= NOW - 5 * S - 1_800 * S, "B starts before the lookback: " + q);
      assertTrue(q.bTo() <= NOW - 5 * S, "B overlaps A: " + q);
      lowest = Math.min(lowest, q.bFrom());
      highest = Math.max(highest, q.bFrom());
    }
    // the draws spread over the whole lookback, not a corner of it
    assertTrue(lowest < NOW - 1_780 * S, "lowest " + (NOW - lowest) / S);
    assertTrue(highest > NOW - 30 * S, "highest " + (NOW - highest) / S);
  }

  @Test
  void windowBNeverStartsBeforeDataExists() {
    SplittableRandom rng = new SplittableRandom(3);
    for (long age : new long[] {10 * S, 11 * S, 60 * S, 1_000 * S, 1_805 * S}) {
      long dataSince = NOW - age;
      for (int n = 0; n < 2_000; n++) {
        QueryPlan q = QueryPlan.plan(rng, SENSORS, NOW, dataSince);
        assertTrue(q.bFrom() >= dataSince, "age " + age + ": " + q);
        assertTrue(q.bTo() <= NOW - 5 * S, "age " + age + ": " + q);
        assertEquals(5 * S, q.bTo() - q.bFrom());
      }
    }
  }

  @Test
  void youngDataPutsWindowBAtItsStart() {
    SplittableRandom rng = new SplittableRandom(4);
    for (long age : new long[] {0, 1, 3 * S, 9 * S, 10 * S - 1}) {
      QueryPlan q = QueryPlan.plan(rng, SENSORS, NOW, NOW - age);
      assertEquals(NOW - age, q.bFrom(), "age " + age);
      assertEquals(NOW - age + 5 * S, q.bTo(), "age " + age);
    }
  }

  @Test
  void allTemplatesOccurAndSensorsComeFromTheCatalog() {
    SplittableRandom rng = new SplittableRandom(5);
    Set<Aggregate> templates = EnumSet.noneOf(Aggregate.class);
    Set<Sensor> sensors = new HashSet<>();
    for (int n = 0; n < 10_000; n++) {
      QueryPlan q = QueryPlan.plan(rng, SENSORS, NOW, NOW - 100 * S);
      templates.add(q.template());
      assertTrue(SENSORS.contains(q.sensor()));
      sensors.add(q.sensor());
    }
    assertEquals(EnumSet.allOf(Aggregate.class), templates);
    assertEquals(200, sensors.size());
  }
}

package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.AcknowledgementCount;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowResult;
import java.util.HashMap;
import java.util.Vector;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

// The window contract of KitBinding, answered the way a client-side binding does: key range scan + WindowStats.
class WindowQueryTest {

  private final MemoryBinding db = new MemoryBinding();

  private void put(String substation, String sensor, long micros, double value) {
    AcknowledgementCount answer = new AcknowledgementCount();
    db.write(new Reading(substation, sensor, micros, Double.toString(value), "V", new byte[0]), answer);
    assertEquals(1, answer.acknowledgedCount());
  }

  @BeforeEach
  void readings() {
    put("s", "x-1", 1_000, 4.0);
    put("s", "x-1", 1_500, 10.0);
    put("s", "x-1", 1_999, -2.0);
    put("s", "x-1", 2_000, 100.0); // at the exclusive upper bound
    put("s", "x-1", 999, 50.0); // just before the window
    put("s", "x-10", 1_200, 1_000.0); // sensor whose key extends x-1
    put("s", "x-2", 1_200, -1_000.0);
    put("s-1", "x-1", 1_200, 500.0); // substation whose key extends s
  }

  @Test
  void templatesGiveExactAnswersOverTheHalfOpenWindow() {
    assertEquals(new WindowResult(3, 10.0, 3), db.aggregate(Aggregate.MAX, "s", "x-1", 1_000, 2_000));
    assertEquals(new WindowResult(3, -2.0, 3), db.aggregate(Aggregate.MIN, "s", "x-1", 1_000, 2_000));
    assertEquals(new WindowResult(3, 4.0, 3), db.aggregate(Aggregate.AVG, "s", "x-1", 1_000, 2_000));
    assertEquals(new WindowResult(3, 3.0, 3), db.aggregate(Aggregate.COUNT, "s", "x-1", 1_000, 2_000));
  }

  @Test
  void otherSensorsAndSubstationsAreExcluded() {
    assertEquals(new WindowResult(1, 1_000.0, 1), db.aggregate(Aggregate.MAX, "s", "x-10", 0, 10_000));
    assertEquals(new WindowResult(5, 100.0, 5), db.aggregate(Aggregate.MAX, "s", "x-1", 0, 10_000));
    assertEquals(new WindowResult(1, 500.0, 1), db.aggregate(Aggregate.MIN, "s-1", "x-1", 0, 10_000));
    assertEquals(7, db.countReadings(java.util.List.of("s")));
    assertEquals(1, db.countReadings(java.util.List.of("s-1")));
  }

  @Test
  void emptyWindow() {
    assertEquals(new WindowResult(0, 0.0, 0), db.aggregate(Aggregate.COUNT, "s", "x-1", 2_001, 7_000));
    for (Aggregate a : new Aggregate[] {Aggregate.MAX, Aggregate.MIN, Aggregate.AVG}) {
      WindowResult r = db.aggregate(a, "s", "x-1", 2_001, 7_000);
      assertEquals(0, r.count());
      assertTrue(Double.isNaN(r.value()));
    }
    assertEquals(0, db.aggregate(Aggregate.COUNT, "s", "nope", 0, 10_000).count());
  }

  @Test
  void nonKitYcsbOperationsAreNotImplemented() {
    assertEquals(Status.NOT_IMPLEMENTED, db.read("iot", "k", null, new HashMap<>()));
    assertEquals(Status.NOT_IMPLEMENTED, db.scan("iot", "k", 1, null, new Vector<>()));
    assertEquals(Status.NOT_IMPLEMENTED, db.update("iot", "k", new HashMap<>()));
    assertEquals(Status.NOT_IMPLEMENTED, db.delete("iot", "k"));
  }
}

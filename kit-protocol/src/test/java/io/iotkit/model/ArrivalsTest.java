package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** --arrivals' labels: read, written back, and what a burst's rate is. */
class ArrivalsTest {
  @Test
  void labelsRoundTrip() {
    for (Arrivals a : List.of(Arrivals.FIXED, Arrivals.GAUSSIAN, Arrivals.bursts(30, 950), Arrivals.bursts(1, 1))) {
      assertEquals(a, Arrivals.parse(a.label()));
    }
    assertEquals("burst:20/950ms", Arrivals.bursts(20, 950).label());
    assertEquals("gaussian", Arrivals.GAUSSIAN.label());
  }

  @Test
  void aBurstSetsItsOwnRate() {
    Arrivals a = Arrivals.parse("burst:10/950ms");
    assertTrue(a.setsRate());
    assertFalse(Arrivals.GAUSSIAN.setsRate());
    assertEquals(10 * 10 / 0.95, a.instanceRate(10), 1e-9, "10 threads, 10 readings each every 0.95 s");
  }

  @Test
  void badLabelsSayWhatALabelIs() {
    for (String bad : List.of("burst", "burst:0/950ms", "burst:10/0ms", "burst:10/950", "burst:10/950s",
        "burst:-1/5ms", "burst:10/3600001ms", "Fixed", "")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Arrivals.parse(bad), bad);
      assertTrue(e.getMessage().startsWith("--arrivals must be fixed, gaussian or burst:N/Tms"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> new Arrivals(Arrivals.Kind.FIXED, 3, 0));
  }

  @Test
  void jsonHoldsTheLabel() throws Exception {
    String json = Json.line(Arrivals.bursts(30, 950));
    assertEquals("\"burst:30/950ms\"", json);
    assertEquals(Arrivals.bursts(30, 950), Json.parse(json, Arrivals.class));
    assertEquals(Arrivals.GAUSSIAN, Json.parse("\"gaussian\"", Arrivals.class));
  }
}

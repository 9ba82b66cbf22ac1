package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientCountersTest {
  private static InstanceResult instance(int i, Map<String, Long> counters) {
    return new InstanceResult(i, "s" + i, 10, 10, 0, 0, 1, 4, 0, 0, 0, null, null, null, Map.of(), new long[0], null,
        null, counters);
  }

  @Test
  void aPhaseSumsItsInstancesCountersByName() {
    PhaseResult p = new PhaseResult("measured", true, 0, 1, List.of(
        instance(0, Map.of("requests", 40L, "throttled", 2L)),
        instance(1, Map.of("requests", 7L, "unprocessed", 3L)),
        instance(2, Map.of())));
    assertEquals(Map.of("requests", 47L, "throttled", 2L, "unprocessed", 3L), p.clientCounters());
    assertEquals(List.of("requests", "throttled", "unprocessed"), List.copyOf(p.clientCounters().keySet()),
        "in name order, whatever the instances' order");
  }

  @Test
  void bindingsThatCountNothingGiveAPhaseWithNoCounters() {
    PhaseResult p = new PhaseResult("warmup", false, 0, 1, List.of(instance(0, null), instance(1, Map.of())));
    assertTrue(p.clientCounters().isEmpty());
  }

  @Test
  void countersSurviveResultJsonAndOldResultsHaveNone() throws Exception {
    PhaseResult p = new PhaseResult("measured", true, 0, 1, List.of(instance(0, Map.of("requests", 5L)),
        instance(1, Map.of("requests", 6L))));
    String json = Json.line(p);
    assertTrue(json.contains("\"clientCounters\":{\"requests\":11}"), json);
    PhaseResult back = Json.parse(json, PhaseResult.class);
    assertEquals(Map.of("requests", 11L), back.clientCounters());
    assertEquals(Map.of("requests", 6L), back.instances().get(1).clientCounters());

    String old = Json.line(instance(0, Map.of("requests", 5L))).replaceFirst(",?\"clientCounters\":\\{[^}]*\\}", "");
    assertFalse(old.contains("clientCounters"), old);
    assertEquals(Map.of(), Json.parse(old, InstanceResult.class).clientCounters());
  }
}

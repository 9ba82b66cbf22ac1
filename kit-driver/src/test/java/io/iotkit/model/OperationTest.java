package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import io.iotkit.binding.Aggregate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperationTest {

  @Test
  void latencySummariesAreKeyedInJsonAsResultFilesAlwaysWere() throws Exception {
    Map<Operation, Latency> summaries = Latency.summaries(List.of());
    String json = new String(Json.bytes(summaries));
    for (String key : List.of("\"insert\"", "\"query-max\"", "\"query-min\"", "\"query-avg\"", "\"query-count\"")) {
      assertTrue(json.contains(key), json);
    }
    Map<Operation, Latency> back = Json.mapper().readValue(json, new TypeReference<Map<Operation, Latency>>() { });
    assertEquals(summaries, back);
    // End to end is added only where a reader measured it (PhaseResult.withEndToEnd).
    List<Operation> perInstance = new java.util.ArrayList<>(List.of(Operation.values()));
    perInstance.remove(Operation.END_TO_END);
    assertEquals(List.copyOf(summaries.keySet()), perInstance);
  }

  @Test
  void everyQueryTemplateHasItsOperation() {
    for (Aggregate a : Aggregate.values()) {
      assertEquals(a, Operation.query(a).template());
      assertTrue(Operation.query(a).key().startsWith("query-"));
    }
  }
}

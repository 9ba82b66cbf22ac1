package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueryReadsTest {
  private static InstanceResult instance(int i, Map<Aggregate, QueryReads> reads) {
    return new InstanceResult(i, "s" + i, 10, 10, 0, 0, 1, 4, 0, 0, 0, reads, null, null, Map.of(), new long[0], null);
  }

  @Test
  void aPhaseSumsItsInstancesPerTemplate() {
    Map<Aggregate, QueryReads> a = new EnumMap<>(Aggregate.class);
    a.put(Aggregate.MAX, new QueryReads(100, 100, 0));
    a.put(Aggregate.COUNT, new QueryReads(50, 75, 0));
    Map<Aggregate, QueryReads> b = new EnumMap<>(Aggregate.class);
    b.put(Aggregate.MAX, new QueryReads(300, 500, 0));
    b.put(Aggregate.AVG, new QueryReads(0, 0, 6));
    PhaseResult p = new PhaseResult("measured", true, 0, 1, List.of(instance(0, a), instance(1, b)));

    Map<Aggregate, QueryReads> merged = p.queryReads();
    assertEquals(new QueryReads(400, 600, 0), merged.get(Aggregate.MAX));
    assertEquals(new QueryReads(50, 75, 0), merged.get(Aggregate.COUNT));
    assertEquals(new QueryReads(0, 0, 6), merged.get(Aggregate.AVG));
    assertFalse(merged.containsKey(Aggregate.MIN));
    assertEquals(1.5, merged.get(Aggregate.MAX).amplification().getAsDouble(), 1e-12);
  }

  @Test
  void resultsWithoutReadsMergeToNothingMeasured() {
    PhaseResult p = new PhaseResult("measured", true, 0, 1, List.of(instance(0, null)));
    assertTrue(p.queryReads().isEmpty());
    assertEquals("not measured", QueryReads.text(p.queryReads(), Aggregate.MAX));
  }

  @Test
  void theTextSaysTheRatioOrWhyThereIsNone() {
    assertEquals("1.25× (2,500 read / 2,000 aggregated)", new QueryReads(2_000, 2_500, 0).text());
    // nothing aggregated: the read count, no ratio (not Infinity, not NaN)
    assertEquals("17 read, none aggregated", new QueryReads(0, 17, 0).text());
    assertEquals("0 read, none aggregated", QueryReads.NONE.text());
    assertTrue(new QueryReads(0, 17, 0).amplification().isEmpty());
    // a binding that cannot tell
    assertEquals("not measured", new QueryReads(2_000, 0, 40).text());
    assertTrue(new QueryReads(2_000, 0, 40).amplification().isEmpty());
    // one that told for some windows only: no ratio over a part
    assertEquals("not measured in 3 windows", new QueryReads(2_000, 900, 3).text());
    assertTrue(new QueryReads(2_000, 900, 3).amplification().isEmpty());
  }

  @Test
  void readsSurviveResultJson() throws Exception {
    Map<Aggregate, QueryReads> a = new EnumMap<>(Aggregate.class);
    a.put(Aggregate.MIN, new QueryReads(7, 9, 1));
    InstanceResult back = Json.parse(Json.line(instance(0, a)), InstanceResult.class);
    assertEquals(a, back.queryReads());
    String old = Json.line(instance(0, a)).replaceFirst("\"queryReads\":\\{[^}]*\\}\\},", "");
    assertFalse(old.contains("queryReads"), old);
    assertEquals(null, Json.parse(old, InstanceResult.class).queryReads());
  }
}

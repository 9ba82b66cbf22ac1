package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetricsTest {
  private static final long S = 1_000_000L;
  private static final long T0 = 1_767_225_600_000_000L;
  private static final LatencyHistogram EMPTY = LatencyHistogram.empty();

  private static InstanceResult instance(int i, long acknowledged, long start, long end) {
    return new InstanceResult(i, "sub-" + i, acknowledged, acknowledged, 0, start, end, 0, 0, 0, 0, Map.of(),
        EMPTY, EMPTY, Map.of(), new long[0], null);
  }

  // A measured run of `instances` substations that together acknowledge `acknowledged` kvps in `seconds`.
  private static PhaseResult measured(int instances, long acknowledged, long seconds) {
    List<InstanceResult> list = new ArrayList<>();
    for (int i = 0; i < instances; i++) {
      long share = acknowledged / instances + (i == instances - 1 ? acknowledged % instances : 0);
      list.add(instance(i, share, T0, T0 + seconds * S));
    }
    return new PhaseResult("measured", true, T0, T0 + seconds * S, list);
  }

  private static IterationResult iteration(int n, PhaseResult measured) {
    PhaseResult warmup = new PhaseResult("warmup", false, T0 - 4_000 * S, T0 - 2_000 * S, List.of());
    return new IterationResult(n, List.of(), warmup, measured, 0, List.of(), java.util.Map.of(), List.of(), java.util.Map.of());
  }

  private static Pricing pricing() {
    return new Pricing("Sponsor", "System", "USD", List.of(
        new Pricing.LineItem("server", 20_000, 3, LocalDate.of(2026, 3, 1)),
        new Pricing.LineItem("switch", 4_500.5, 2, LocalDate.of(2026, 5, 15)),
        new Pricing.LineItem("support", 30_999, 1, LocalDate.of(2026, 1, 10))));
  }

  @Test
  void pricingTotalsAndAvailability() {
    assertEquals(60_000 + 9_001 + 30_999, pricing().totalCost(), 1e-9);
    assertEquals(LocalDate.of(2026, 5, 15), pricing().availabilityDate());
  }

  @Test
  void theSlowerMeasuredRunIsTheMetric() {
    // iteration 1: 7,560,000 kvps in 1800 s = 4200 IoTps; iteration 2: 7,200,000 in 1800 s = 4000 IoTps
    List<IterationResult> its = List.of(iteration(1, measured(1, 7_560_000, 1_800)),
        iteration(2, measured(1, 7_200_000, 1_800)));
    Metrics m = Metrics.compute(its, pricing());
    assertEquals(2, m.performanceIteration());
    assertEquals(4_000.0, m.iotps(), 1e-9);
    assertEquals(List.of(4_200.0, 4_000.0), m.iterationIotps());
    assertEquals(5.0, m.differencePercent(), 1e-9);
    assertEquals(20.0, m.perSensorRate(), 1e-9);
    assertEquals(100_000.0, m.totalCost(), 1e-9);
    assertEquals("USD", m.currency());
    assertEquals(25.0, m.pricePerIotps(), 1e-9); // 100,000 / 4000
    assertEquals(25_000.0, m.pricePerKiotps(), 1e-6);
    assertEquals(LocalDate.of(2026, 5, 15), m.availabilityDate());
  }

  @Test
  void slowerFirstIterationIsPickedToo() {
    List<IterationResult> its = List.of(iteration(1, measured(2, 9_000_000, 2_000)),
        iteration(2, measured(2, 9_000_000, 1_800)));
    Metrics m = Metrics.compute(its, pricing());
    assertEquals(1, m.performanceIteration());
    assertEquals(4_500.0, m.iotps(), 1e-9); // 9e6 / 2000 s
    assertEquals(5_000.0, m.iterationIotps().get(1), 1e-9);
    assertEquals(100.0 * 500 / 4_500, m.differencePercent(), 1e-9);
    assertEquals(4_500.0 / 400, m.perSensorRate(), 1e-9); // two substations: 400 sensors
    assertEquals(100_000.0 / 4_500, m.pricePerIotps(), 1e-9);
    assertEquals(1_000 * 100_000.0 / 4_500, m.pricePerKiotps(), 1e-6);
  }

  @Test
  void iotpsUsesTheRunsStartAndEnd() {
    // 1,234,567 kvps in 1,851.5 s
    PhaseResult p = new PhaseResult("measured", true, T0, T0 + 1_851_500_000L, List.of(instance(0, 1_234_567,
        T0, T0 + 1_851_500_000L)));
    Metrics m = Metrics.compute(List.of(iteration(1, p)), pricing());
    assertEquals(1_234_567 / 1_851.5, m.iotps(), 1e-9);
    assertEquals(100_000 / (1_234_567 / 1_851.5), m.pricePerIotps(), 1e-9);
  }

  @Test
  void noIterationsIsAnError() {
    assertThrows(IllegalArgumentException.class, () -> Metrics.compute(List.of(), pricing()));
  }

  @Test
  void ingestSpreadPerSubstation() {
    PhaseResult p = new PhaseResult("measured", true, T0, T0 + 2_000 * S, List.of(
        instance(0, 1, T0, T0 + 1_800 * S), instance(1, 1, T0, T0 + 2_000 * S), instance(2, 1, T0, T0 + 1_900 * S)));
    Metrics.IngestSpread s = Metrics.IngestSpread.of(p);
    assertEquals(1_800, s.min(), 1e-9);
    assertEquals(2_000, s.max(), 1e-9);
    assertEquals(1_900, s.average(), 1e-9);
    assertEquals(100.0 * 200 / 1_800, s.spreadPercent(), 1e-9);
  }
}

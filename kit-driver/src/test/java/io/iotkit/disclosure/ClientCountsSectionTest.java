package io.iotkit.disclosure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.PhaseResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientCountsSectionTest {
  private static PhaseResult phase(boolean measured, long a, long b) {
    return new PhaseResult(measured ? "measured" : "warmup", measured, 0, 1_000_000, List.of(
        new InstanceResult(0, "s0", 10, 10, 0, 0, 1, 0, 0, 0, 0, null, null, null, Map.of(), new long[0], null, null,
            Map.of("requests", a)),
        new InstanceResult(1, "s1", 10, 10, 0, 0, 1, 0, 0, 0, 0, null, null, null, Map.of(), new long[0], null, null,
            Map.of("requests", b))));
  }

  @Test
  void theDriversClientCountsStandBesideTheStoresMeasurementsPerExecution() {
    IterationResult it = new IterationResult(1, List.of("s0", "s1"), phase(false, 1_000, 234), phase(true, 5, 7),
        20, List.of(), Map.of("store figure", "12"), List.of(), Map.of());
    assertEquals(List.of(new FdrView.NameValue("store figure", "12"),
            new FdrView.NameValue("driver's client count, warmup: requests", "1,234"),
            new FdrView.NameValue("driver's client count, measured run: requests", "12")),
        ResultSection.iteration(it, null).storeMeasurements());
  }
}

package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultViewTest {
  private static PhaseResult phase(boolean measured, PhaseSeries series) {
    return new PhaseResult(measured ? "measured" : "warmup", measured, 0, 1_000_000, null, series, null);
  }

  @Test
  void whatAResultLacksIsEmptyOrAbsent() {
    // As an aborted run of an older kit may read: nothing but the plain fields.
    RunResult r = new RunResult("0.1.0", "run", RunStatus.ABORTED, null, null, null, null, null, null, "sut", null, null,
        null, null, null, null, false, null, null, null);
    ResultView v = ResultView.of(r);
    assertEquals("", v.abortReason());
    assertTrue(v.reasons().isEmpty() && v.prerequisites().isEmpty() && v.cleanup().isEmpty());
    assertTrue(v.iterations().isEmpty() && v.sutSettings().isEmpty());
    assertTrue(v.metrics().isEmpty() && v.pricing().isEmpty() && v.system().isEmpty());
    assertTrue(v.inputs().isEmpty() && v.environment().isEmpty() && v.performanceIteration().isEmpty());
  }

  @Test
  void everyPhaseHasItsInstancesSeriesAndLatency() {
    PhaseSeries partial = new PhaseSeries(0, new long[] {5}, null, null, null, null, null, null);
    IterationResult it = new IterationResult(1, null, phase(false, null), phase(true, partial), 0, null, null, null, null);
    RunResult r = new RunResult("0.1.0", "run", RunStatus.COMPLETED, "", null, null, null, null, null, "sut", null,
        List.of(), List.of(it), List.of(), null, null, false, List.of(), List.of(), List.of());
    IterationResult settled = ResultView.of(r).iterations().get(0);
    assertEquals(0, settled.warmup().series().length());
    assertEquals(1000, settled.measured().series().intervalMillis());
    assertEquals(1, settled.measured().series().length());
    assertEquals(0, settled.measured().series().queryMaxMs().length);
    assertTrue(settled.measured().instances().isEmpty() && settled.measured().latency().isEmpty());
    assertTrue(settled.checks().isEmpty() && settled.storeMeasurements().isEmpty());
    assertEquals(List.of(settled.warmup(), settled.measured()), ResultView.phases(settled));
  }

  @Test
  void measuredRunsAreFoundByNumber() {
    IterationResult first = new IterationResult(1, null, phase(false, null), null, 0, null, null, null, null);
    IterationResult second = new IterationResult(2, null, phase(false, null), phase(true, null), 0, null, null, null, null);
    RunResult r = new RunResult("0.1.0", "run", RunStatus.ABORTED, "stopped", null, null, null, null, null, "sut", null,
        null, List.of(first, second), null, null, null, false, null, null, null);
    ResultView v = ResultView.of(r);
    assertEquals(List.of(2), v.measuredIterations().stream().map(IterationResult::number).toList());
    assertTrue(v.measured(1).isEmpty());
    assertEquals(2, v.measured(2).orElseThrow().number());
  }
}

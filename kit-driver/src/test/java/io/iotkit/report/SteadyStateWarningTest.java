package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.disclosure.Disclosure;
import io.iotkit.model.IterationResult;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.RunResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An execution that stalled is named under "Warnings" in every document of its run, and a steady one in none. */
class SteadyStateWarningTest {
  private static final String STALL = "iteration 1 measured: nothing was acknowledged for 6 s from second 100";

  @TempDir
  Path runDir;

  @Test
  void aStallIsWarnedOfInEveryDocument() throws Exception {
    RunResult stalled = withStallInFirstMeasured(SampleRuns.completed());
    String text = RunReport.render(stalled);
    assertTrue(text.contains("Warnings (the ingest did not hold steady; this breaks no rule"), text);
    assertTrue(text.contains("  - " + STALL), text);
    assertTrue(text.contains("  steady state, measured: rate CV "), text);
    assertTrue(text.contains("; longest stall 6 s"), text);
    assertTrue(HtmlReport.render(stalled).contains("<li>" + STALL), "report.html");
    Map<String, String> documents = Disclosure.render(runDir, stalled, Path.of("..", "fdr-templates"));
    assertEquals(4, documents.size(), documents.keySet().toString());
    documents.forEach((name, page) -> assertTrue(page.contains(STALL), name));
  }

  @Test
  void aSteadyRunHasNoWarnings() throws Exception {
    RunResult steady = SampleRuns.completed();
    assertFalse(RunReport.render(steady).contains("Warnings"));
    assertFalse(HtmlReport.render(steady).contains("id=\"warnings\""));
    Disclosure.render(runDir, steady, Path.of("..", "fdr-templates"))
        .forEach((name, page) -> assertFalse(page.contains("Warnings: "), name));
  }

  /** The run with nothing acknowledged in seconds 100-105 of iteration 1's measured execution. */
  private static RunResult withStallInFirstMeasured(RunResult r) {
    List<IterationResult> iterations = new ArrayList<>(r.iterations());
    IterationResult it = iterations.get(0);
    PhaseResult m = it.measured();
    PhaseSeries s = m.series();
    long[] kvps = s.kvps().clone();
    for (int i = 100; i < 106; i++) {
      kvps[i] = 0;
    }
    PhaseSeries stalled = new PhaseSeries(s.intervalMillis(), kvps, s.queries(), s.queryP50Ms(), s.queryP99Ms(),
        s.queryMaxMs(), s.ingestP50Ms(), s.ingestP99Ms());
    PhaseResult measured = new PhaseResult(m.name(), true, m.startMicros(), m.endMicros(), m.instances(), stalled,
        m.latency(), m.resources(), m.endToEnd());
    iterations.set(0, new IterationResult(it.number(), it.substations(), it.warmup(), measured, it.storedReadings(),
        it.substationCounts(), it.storeMeasurements(), it.checks(), it.dataLayout()));
    return new RunResult(r.kitVersion(), r.runId(), r.status(), r.abortReason(), r.started(), r.finished(),
        r.inputs(), r.environment(), r.system(), r.sut(), r.sutSettings(), r.prerequisites(), iterations,
        r.cleanup(), r.metrics(), r.pricing(), r.compliant(), r.reasons(), r.driverHosts(), r.sutOutages());
  }
}

package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.disclosure.Disclosure;
import io.iotkit.model.DriverTime;
import io.iotkit.model.InstanceResult;
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

/**
 * An execution that stalled, or whose instance began late, is named under "Warnings" in every document of its run,
 * and a steady one in none.
 */
class RunWarningsTest {
  private static final String STALL = "iteration 1 measured: nothing was acknowledged for 6 s from second 100";

  @TempDir
  Path runDir;

  @Test
  void aStallIsWarnedOfInEveryDocument() throws Exception {
    RunResult stalled = withStallInFirstMeasured(SampleRuns.completed());
    String text = RunReport.render(stalled);
    assertTrue(text.contains("Warnings (an execution did not hold steady, its instances did not start together, or "
        + "the driver could have limited its result; this breaks no rule"), text);
    assertTrue(text.contains("  - " + STALL), text);
    assertTrue(text.contains("  steady state, measured: rate CV "), text);
    assertTrue(text.contains("; longest stall 6 s"), text);
    assertTrue(HtmlReport.render(stalled).contains("<li>" + STALL), "report.html");
    Map<String, String> documents = Disclosure.render(runDir, stalled, Path.of("..", "fdr-templates"));
    assertEquals(4, documents.size(), documents.keySet().toString());
    documents.forEach((name, page) -> assertTrue(page.contains(STALL), name));
  }

  @Test
  void anInstanceBeginningLateIsWarnedOfInEveryDocument() throws Exception {
    RunResult late = withLateInstanceInFirstMeasured(SampleRuns.completed());
    String warning = "iteration 1 measured: driver instance 1 began writing 1.500 s after the start barrier's release";
    String text = RunReport.render(late);
    assertTrue(text.contains("  - " + warning), text);
    assertTrue(text.contains("  start, measured: first write 0.001 to 1.500 s after the release (the last: "
        + "instance 1)"), text);
    // HTML escapes the apostrophe that follows
    String beforeApostrophe = warning.substring(0, warning.indexOf('\''));
    assertTrue(HtmlReport.render(late).contains("<li>" + beforeApostrophe), "report.html");
    Disclosure.render(runDir, late, Path.of("..", "fdr-templates"))
        .forEach((name, page) -> assertTrue(page.contains(name.endsWith(".html") ? beforeApostrophe : warning), name));
  }

  @Test
  void aDriverThatCouldHaveLimitedTheResultIsWarnedOfInEveryDocument() throws Exception {
    RunResult paused = withPausedInstanceInFirstMeasured(SampleRuns.completed());
    String warning = "iteration 1 measured: driver instance 1 was paused for garbage collection 10.0 % of the "
        + "execution (limit 5 %)";
    String text = RunReport.render(paused);
    assertTrue(text.contains("  - " + warning), text);
    assertTrue(text.contains("  driver, measured: the driver could have limited the result: "), text);
    assertTrue(HtmlReport.render(paused).contains("<li>" + warning), "report.html");
    Disclosure.render(runDir, paused, Path.of("..", "fdr-templates"))
        .forEach((name, page) -> assertTrue(page.contains(warning), name));
  }

  @Test
  void aSteadyRunHasNoWarnings() throws Exception {
    RunResult steady = SampleRuns.completed();
    assertFalse(RunReport.render(steady).contains("Warnings"));
    assertFalse(HtmlReport.render(steady).contains("id=\"warnings\""));
    Disclosure.render(runDir, steady, Path.of("..", "fdr-templates"))
        .forEach((name, page) -> assertFalse(page.contains("Warnings: "), name));
  }

  /** The run with iteration 1's measured instance 1 beginning to write 1.5 s after the release. */
  private static RunResult withLateInstanceInFirstMeasured(RunResult r) {
    PhaseResult m = r.iterations().get(0).measured();
    List<InstanceResult> instances = new ArrayList<>(m.instances());
    InstanceResult i = instances.get(1);
    instances.set(1, new InstanceResult(i.instance(), i.substation(), i.kvpsTarget(), i.acknowledged(),
        i.failedInserts(), i.startMicros(), i.endMicros(), i.queries(), i.failedQueries(), i.readingsAggregated(),
        i.emptyWindows(), i.queryReads(), i.insertHistogram(), i.ingestHistogram(), i.queryHistograms(),
        i.acknowledgedPerSecond(), i.peakRssBytes(), i.resources(), i.clientCounters(), 1_500_000L));
    return withFirstMeasured(r, new PhaseResult(m.name(), true, m.startMicros(), m.endMicros(), instances,
        m.series(), m.latency(), m.resources(), m.endToEnd()));
  }

  /** The run with iteration 1's measured instance 1 paused for collections a tenth of its execution. */
  private static RunResult withPausedInstanceInFirstMeasured(RunResult r) {
    PhaseResult m = r.iterations().get(0).measured();
    List<InstanceResult> instances = new ArrayList<>();
    for (InstanceResult i : m.instances()) {
      long elapsed = i.endMicros() - i.startMicros();
      instances.add(new InstanceResult(i.instance(), i.substation(), i.kvpsTarget(), i.acknowledged(),
          i.failedInserts(), i.startMicros(), i.endMicros(), i.queries(), i.failedQueries(), i.readingsAggregated(),
          i.emptyWindows(), i.queryReads(), i.insertHistogram(), i.ingestHistogram(), i.queryHistograms(),
          i.acknowledgedPerSecond(), i.peakRssBytes(), i.resources(), i.clientCounters(), 1_000L,
          new DriverTime(elapsed, elapsed / 2, 0, 0, i.instance() == 1 ? elapsed / 10 : 0)));
    }
    return withFirstMeasured(r, new PhaseResult(m.name(), true, m.startMicros(), m.endMicros(), instances,
        m.series(), m.latency(), m.resources(), m.endToEnd()));
  }

  /** The run with nothing acknowledged in seconds 100-105 of iteration 1's measured execution. */
  private static RunResult withStallInFirstMeasured(RunResult r) {
    PhaseResult m = r.iterations().get(0).measured();
    PhaseSeries s = m.series();
    long[] kvps = s.kvps().clone();
    for (int i = 100; i < 106; i++) {
      kvps[i] = 0;
    }
    PhaseSeries stalled = new PhaseSeries(s.intervalMillis(), kvps, s.queries(), s.queryP50Ms(), s.queryP99Ms(),
        s.queryMaxMs(), s.ingestP50Ms(), s.ingestP99Ms());
    return withFirstMeasured(r, new PhaseResult(m.name(), true, m.startMicros(), m.endMicros(), m.instances(),
        stalled, m.latency(), m.resources(), m.endToEnd()));
  }

  /** The run with iteration 1's measured execution replaced by {@code measured}. */
  private static RunResult withFirstMeasured(RunResult r, PhaseResult measured) {
    List<IterationResult> iterations = new ArrayList<>(r.iterations());
    IterationResult it = iterations.get(0);
    iterations.set(0, new IterationResult(it.number(), it.substations(), it.warmup(), measured, it.storedReadings(),
        it.substationCounts(), it.storeMeasurements(), it.checks(), it.dataLayout()));
    return new RunResult(r.kitVersion(), r.runId(), r.status(), r.abortReason(), r.started(), r.finished(),
        r.inputs(), r.environment(), r.system(), r.sut(), r.sutSettings(), r.prerequisites(), iterations,
        r.cleanup(), r.metrics(), r.pricing(), r.compliant(), r.reasons(), r.driverHosts(), r.sutOutages());
  }
}

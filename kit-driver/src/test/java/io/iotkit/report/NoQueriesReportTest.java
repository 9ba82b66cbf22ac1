package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.RunInputs;
import io.iotkit.model.RunResult;
import org.junit.jupiter.api.Test;

/** An ingest-only trial run (--no-queries) says so where the run's inputs are shown, as a paced run does. */
class NoQueriesReportTest {

  private static RunResult withNoQueries(RunResult r, boolean noQueries) {
    RunInputs in = r.inputs();
    RunInputs changed = new RunInputs(in.substations(), in.kvps(), in.kvpBytes(), in.binding(), in.threads(),
        in.sutNodes(), in.strict(), in.bindingProperties(), in.pricing(), in.systemDescription(),
        in.instanceJvmOptions(), in.hosts(), in.rate(), in.arrivals(), noQueries, in.givenProperties(), in.sutCpus(), in.sutMemoryBytes(), null);
    return new RunResult(r.kitVersion(), r.runId(), r.status(), r.abortReason(), r.started(), r.finished(), changed,
        r.environment(), r.system(), r.sut(), r.sutSettings(), r.prerequisites(), r.iterations(), r.cleanup(),
        r.metrics(), r.pricing(), r.compliant(), r.reasons(), r.driverHosts(), r.sutOutages());
  }

  @Test
  void textAndHtmlSayTheQueriesWereOff() {
    RunResult off = withNoQueries(SampleRuns.completed(), true);
    assertTrue(RunReport.render(off).contains("insert threads per instance, no dashboard queries"));
    assertTrue(HtmlReport.render(off).contains("no dashboard queries"));
    RunResult on = withNoQueries(SampleRuns.completed(), false);
    assertFalse(RunReport.render(on).contains("no dashboard queries"));
    assertFalse(HtmlReport.render(on).contains("no dashboard queries"));
  }
}

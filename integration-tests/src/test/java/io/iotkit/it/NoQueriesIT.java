package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.IterationResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --no-queries}: the instances ingest only, and the run says it is a non-compliant trial run. */
class NoQueriesIT {

  @Test
  void anIngestOnlyRunAsksNoQueriesAndIsNotCompliant(@TempDir Path work) throws Exception {
    KitProcess.CompletedRun run = KitProcess.runToCompletion(work, "-b", "null", "-p", "1", "-k", "20000",
        "--no-queries");
    for (IterationResult it : run.result().iterations()) {
      assertEquals(0, it.warmup().queries(), "no query in the warmup");
      assertEquals(0, it.measured().queries(), "no query in the measured run");
    }
    assertFalse(KitProcess.check(run.result().prerequisites(), "dashboard queries on").passed());
    assertFalse(run.result().compliant());
    assertTrue(run.result().inputs().noQueries());
    assertTrue(run.process().stdout().contains("no dashboard queries"), run.process().stdout());
  }
}

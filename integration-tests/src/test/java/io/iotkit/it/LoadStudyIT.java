package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Arrivals;
import io.iotkit.model.CheckResult;
import io.iotkit.model.IterationResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load study's run: the smallest readings, paced with Gaussian arrivals into the sink. It completes, holds its
 * rate, and says everywhere that it is a non-compliant trial run.
 */
class LoadStudyIT {

  @Test
  void smallPacedGaussianReadingsMakeACompletedTrialRun(@TempDir Path work) throws Exception {
    KitProcess.CompletedRun run = KitProcess.runToCompletion(work, "-b", "null", "-p", "2", "-k", "20000",
        "--kvp-bytes", "79", "--rate", "5000", "--arrivals", "gaussian");
    CheckResult size = KitProcess.check(run.result().prerequisites(), "kvp size 1 KB");
    assertFalse(size.passed());
    assertEquals("79", size.measured().text());
    assertFalse(KitProcess.check(run.result().prerequisites(), "unpaced ingest").passed());
    assertFalse(run.result().compliant());
    assertEquals(79, run.result().inputs().kvpBytes());
    assertEquals(5_000, run.result().inputs().rate());
    assertEquals(Arrivals.GAUSSIAN, run.result().inputs().arrivals());
    for (IterationResult it : run.result().iterations()) {
      // 2 instances at 5,000 kvps/s each: 10,000 kvps/s over the run, whatever the gaps
      double iotps = it.measured().iotps();
      assertEquals(10_000, iotps, 10_000 * 0.05, "iteration " + it.number() + " measured " + iotps + " kvps/s");
      assertEquals(20_000, it.measured().acknowledged());
    }
    assertTrue(run.process().stdout().contains("paced at 5,000 kvps/s per instance, gaussian arrivals, 79-byte kvps"),
        run.process().stdout());
    assertTrue(Files.readString(run.runDir().resolve("result.json")).contains("\"arrivals\" : \"gaussian\""));
    assertTrue(Files.readString(run.runDir().resolve("fdr.md")).contains("| Bytes per kvp | 79 (--kvp-bytes"));
  }
}

package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.IterationResult;
import io.iotkit.model.PhaseResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --queries-per-second}: after each measured run the instances only query the real local MariaDB, paced, for
 * the time given, and find the readings the iteration stored; nothing is written, and the run is a trial run.
 */
class ReadOnlyIT {

  @Test
  void aReadOnlyExecutionQueriesTheStoredReadingsAtItsRateAndWritesNothing(@TempDir Path work) throws Exception {
    KitProcess.CompletedRun run = KitProcess.runToCompletion(work, "-b", "mysql", "-p", "2", "-k", "20000",
        "--queries-per-second", "4", "--query-seconds", "3");
    for (IterationResult it : run.result().iterations()) {
      PhaseResult r = it.readOnly();
      assertEquals(2 * 4 * 3, r.queries(), "4 a second for 3 s on each of 2 instances");
      assertEquals(0, r.failedQueries());
      assertEquals(0, r.acknowledged(), "nothing written");
      assertTrue(r.elapsedSeconds() >= 3, "it runs its time: " + r.elapsedSeconds());
      assertTrue(r.readingsPerQuery() > 0, "its windows lie where the iteration's readings are");
      assertTrue(r.startMicros() >= it.measured().endMicros(), "after the measured run");
      assertTrue(KitProcess.check(it.checks(), "data check").passed(), "the data check counts what was written");
      assertTrue(r.resources().processes().stream().anyMatch(p -> "sut".equals(p.role())),
          "the server's resources over it");
    }
    assertFalse(KitProcess.check(run.result().prerequisites(), "no read-only execution").passed());
    assertFalse(run.result().compliant());
    assertEquals(4, run.result().inputs().queriesPerSecond());
    assertTrue(run.process().stdout().contains("iteration 2: read-only done, 24 queries in"), run.process().stdout());
    assertTrue(Files.readString(run.runDir().resolve("report.txt")).contains("read-only latency (ms)"));
  }
}

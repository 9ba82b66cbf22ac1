package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.RunPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tpcx-iot.sh plan} on the embedded HBase: a local server whose folder the plan can measure. */
@Tag("wide")
class PlanHBaseIT {

  /** The embedded HBase: its folder's growth per reading is measured, and what the calibration wrote is purged. */
  @Test
  void onEmbeddedHBaseTheDiskIsMeasuredAndTheDataPurged(@TempDir Path work) throws Exception {
    KitProcess.Finished f = KitProcess.run(work, 4, "plan", "-b", "hbase", "-p", "1", "--calibration-seconds", "5",
        "--results", work.resolve("results").toString());
    assertEquals(0, f.exitCode(), f.stderr());
    RunPlan p = PlanIT.plan(work);
    assertTrue(p.localSut());
    assertEquals("measured", p.disk().method());
    assertTrue(p.disk().bytesPerKvp() > 0, "the server's folder grew: " + p.disk().derivation());
    assertNotNull(p.disk().freeBytes());
    assertEquals(p.executions().get(0).acknowledged(), p.measured().probeCounted(), "the probe's readings counted");
    assertEquals(p.measured().written(), p.measured().stored(), "the SUT held what the calibration wrote");
    assertEquals(0, p.measured().leftAfterPurge(), "purged");
    assertNotNull(p.measured().sutStopSeconds());
    assertTrue(p.wallTime().steps().stream().anyMatch(s -> s.what().equals("cleanup: SUT restart")));
    Path dir = KitProcess.onlyRunDir(work.resolve("results"));
    assertFalse(Files.exists(dir.resolve("sut")), "the emptied server folder is deleted once purged");
    KitProcess.assertNothingLeft(dir, 15);
  }
}

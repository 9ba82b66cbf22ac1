package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.RunPlan;
import io.iotkit.plan.ComplianceWindow;
import io.iotkit.plan.DiskNeed;
import io.iotkit.plan.KvpsTarget;
import io.iotkit.plan.WallTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanReportTest {
  private static final RunPlan.Inputs IN = new RunPlan.Inputs("hbase", 2, 10, 1, null, null, List.of(), null, 60, 20, 0, 0);
  private static final RunPlan.Execution PROBE = new RunPlan.Execution("calibration probe", 40_000, 40_000, 4, 10_000,
      9, 0, 20, 0);
  private static final RunPlan.Execution CALIBRATION = new RunPlan.Execution("calibration", 600_000, 600_000, 40,
      15_000, 44, 0, 300, 250);
  private static final RunPlan.Measured MEASURED = new RunPlan.Measured(1.5, 25, 1.6, 0, 0, 640_000, 640_000, 20, 1, 0,
      10.0);

  private static RunPlan plan(long free) {
    RunPlan.Kvps k = KvpsTarget.of(CALIBRATION.iotps(), 1800, 20, 2);
    RunPlan.Disk disk = DiskNeed.measured(1_280_000_000L, 640_000, k.kvps(), free, "/data/results");
    return new RunPlan("0.1.0", "20261123-050000", Instant.EPOCH, Instant.EPOCH, IN, "embedded standalone HBase",
        true, 1, "local filesystem: one copy", List.of(PROBE, CALIBRATION), CALIBRATION, MEASURED, k,
        WallTime.of(MEASURED, CALIBRATION, k, WallTime.Restart.LOCAL), disk,
        ComplianceWindow.of(IN, CALIBRATION.iotps(), disk, true, 0.9, "bin/tpcx-iot.sh -b hbase -p 2 -k " + k.kvps(),
            null),
        List.of(), List.of("replication 1 < 3"), "bin/tpcx-iot.sh -b hbase -p 2 -k " + k.kvps());
  }

  @Test
  void theReportShowsEachFigureWithItsDerivation() {
    String text = PlanReport.render(plan(Long.MAX_VALUE));
    // 15,000 x 2,160 = 32,400,000 exactly: a multiple of 2,000 already
    assertTrue(text.contains("K >= rate x 1800 s x (1 + 20%) = 15,000.0 x 2,160 s = 32,400,000 kvps"), text);
    assertTrue(text.contains("  K: 32,400,000\n"), text);
    assertTrue(text.contains("rounded up to a multiple of P x 1,000 = 2,000"), text);
    assertTrue(text.contains("per reading: 2,000 B, measured"), text);
    assertTrue(text.contains("2 x K = 64,800,000 readings x 2,000 B = 120.7 GiB"), text);
    assertTrue(text.contains("workload executions"), text);
    assertTrue(text.contains("  - replication 1 < 3"), text);
    assertTrue(text.contains("bin/tpcx-iot.sh -b hbase -p 2 -k 32400000"), text);
    assertFalse(text.contains("WARNING"), "it fits: " + text);
  }

  @Test
  void aDiskThatDoesNotFitGetsAWarningLine() {
    String text = PlanReport.render(plan(1L << 30));
    assertTrue(text.contains("WARNING: one iteration's readings do not fit: 120.7 GiB needed, 1.0 GiB free"), text);
  }

  @Test
  void aStoreTooFastForTheDiskIsProposedACpuLimitAndAPlanUnderIt() {
    String text = PlanReport.render(plan(60L << 30));
    // window: 20 x 200 x 2 x 1.2 = 9,600 IoTps up to 60 GiB / (2 x 2,160 s x 2,000 B) = 7,457 IoTps: none
    assertTrue(text.contains("9,600 to 7,457 IoTps; no rate fits"), text);
    String wide = PlanReport.render(plan(200L << 30));
    // up to 200 GiB / (2 x 2,160 s x 2,000 B) = 24,855 IoTps: 15,000 fits
    assertTrue(wide.contains("9,600 to 24,855 IoTps; the calibration's rate fits"), wide);
    String tight = PlanReport.render(plan(100L << 30));
    // up to 12,428 IoTps, middle 11,014: 0.9 CPU s/s x 11,014 / 15,000 = 0.66, rounded down to 0.65
    assertTrue(tight.contains("confine the local server"), tight);
    assertTrue(tight.contains("bin/tpcx-iot.sh plan -b hbase -p 2 --sut-cpus 0.65 --calibration-seconds 60"
        + " --margin 20"), tight);
  }

  @Test
  void durations() {
    assertEquals("2 h 24 min", PlanReport.duration(8_654));
    assertEquals("4 min 10 s", PlanReport.duration(250));
    assertEquals("12 s", PlanReport.duration(12.4));
  }
}

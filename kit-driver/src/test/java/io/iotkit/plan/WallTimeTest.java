package io.iotkit.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.RunPlan;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class WallTimeTest {
  // file check 2 s, SUT start 20 s, prepare 1.5 s; no count after the probe; 100,000 readings counted in 4 s and
  // purged in 1 s; stop 10 s
  private static final RunPlan.Measured MEASURED = new RunPlan.Measured(2, 20, 1.5, 0, 0, 100_000, 100_000, 4, 1, 0,
      10.0);
  // the calibration execution: 60 s from TS_start to TS_end, 65 s from launching its instances to their results
  private static final RunPlan.Execution CALIBRATION = new RunPlan.Execution("calibration", 600_000, 600_000, 60,
      10_000, 65, 0, 300, 250);
  private static final RunPlan.Kvps K = KvpsTarget.of(10_000, 1800, 20, 1); // K = 21,600,000: 2,160 s each

  private static Map<String, Double> steps(RunPlan.WallTime w) {
    return w.steps().stream().collect(Collectors.toMap(RunPlan.Step::what, RunPlan.Step::seconds));
  }

  @Test
  void aLocalServerRunIsEverythingARunDoesAddedUp() {
    RunPlan.WallTime w = WallTime.of(MEASURED, CALIBRATION, K, WallTime.Restart.LOCAL);
    Map<String, Double> s = steps(w);
    assertEquals(21_600_000, K.kvps());
    assertEquals(2, s.get("file check"), 1e-9);
    assertEquals(20, s.get("SUT start"), 1e-9);
    assertEquals(2 * 1.5, s.get("prepare"), 1e-9);
    assertEquals(4 * 5.0, s.get("instance start-up and end"), 1e-9); // 65 s wall - 60 s elapsed, 4 executions
    assertEquals(4 * 2160.0, s.get("workload executions"), 1e-9);
    // 2 x K = 43,200,000 stored per iteration: 432 x the 100,000 counted
    assertEquals(2 * 4 * 432.0, s.get("data checks"), 1e-9);
    assertEquals(432.0, s.get("cleanup: purge"), 1e-9);
    assertEquals(10 + 20, s.get("cleanup: SUT restart"), 1e-9);
    assertEquals(10, s.get("SUT stop"), 1e-9);
    double sum = 2 + 20 + 3 + 20 + 8640 + 3456 + 432 + 30 + 10;
    assertEquals(sum, w.totalSeconds(), 1e-6);
    assertEquals(1, w.notIncluded().size(), "only the reports: " + w.notIncluded());
  }

  @Test
  void anExternalSutsRestartIsNotIncludedAndSaysSo() {
    RunPlan.Measured external = new RunPlan.Measured(2, 0.5, 1.5, 0, 0, 100_000, 100_000, 4, 1, 0, null);
    RunPlan.WallTime w = WallTime.of(external, CALIBRATION, K, WallTime.Restart.COMMAND);
    Map<String, Double> s = steps(w);
    assertTrue(!s.containsKey("cleanup: SUT restart") && !s.containsKey("SUT stop"), s.toString());
    assertTrue(w.notIncluded().stream().anyMatch(n -> n.contains("sut.restart.command")), w.notIncluded().toString());
    assertEquals(2 + 0.5 + 3 + 20 + 8640 + 3456 + 432, w.totalSeconds(), 1e-6);
  }

  @Test
  void everyStepShowsItsDerivation() {
    RunPlan.WallTime w = WallTime.of(MEASURED, CALIBRATION, K, WallTime.Restart.LOCAL);
    for (RunPlan.Step step : w.steps()) {
      assertTrue(!step.derivation().isBlank(), step.what());
    }
    String executions = w.steps().stream().filter(x -> x.what().equals("workload executions")).findFirst()
        .orElseThrow().derivation();
    assertTrue(executions.contains("21,600,000") && executions.contains("10,000.0"), executions);
  }

  @Test
  void countsAtTwoSizesSplitTheDataCheckIntoAFixedPartAndAPartPerReading() {
    // 40,000 readings counted in 2.5 s, 440,000 in 12.5 s: 25 µs per reading and 1.5 s fixed
    RunPlan.Measured twoCounts = new RunPlan.Measured(2, 20, 1.5, 40_000, 2.5, 440_000, 440_000, 12.5, 1, 0, 10.0);
    RunPlan.Step s = WallTime.dataChecks(twoCounts, 43_200_000);
    assertEquals(2 * (1.5 + 25e-6 * 43_200_000), s.seconds(), 1e-6);
    assertTrue(s.derivation().contains("1.50 s + 25.000 µs x 43,200,000"), s.derivation());
    // in proportion it would have been 2 x 12.5 s x 43,200,000 / 440,000 = 2,454.5 s: more, as the fixed part scaled
    assertTrue(s.seconds() < 2 * 12.5 * 43_200_000 / 440_000);
  }

  @Test
  void aLaterCountNoSlowerThanTheFirstFallsBackToProportion() {
    RunPlan.Measured noisy = new RunPlan.Measured(2, 20, 1.5, 40_000, 3, 440_000, 440_000, 2, 1, 0, 10.0);
    RunPlan.Step s = WallTime.dataChecks(noisy, 4_400_000);
    assertEquals(2 * 2 * 10.0, s.seconds(), 1e-9);
    assertTrue(s.derivation().contains("in proportion"), s.derivation());
  }
}

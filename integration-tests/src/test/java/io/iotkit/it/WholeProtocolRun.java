package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the whole-protocol test of every binding does first: a run of {@value #INSTANCES} instances against the
 * binding's local server, the instances on a driver host in another network namespace where one can be had
 * ({@link OtherNetworkHost}), the command lines watched for the canary, and every iteration's data check exact.
 * And what every queried store's run must show: its queries on schedule, none failed, each reading readings.
 */
final class WholeProtocolRun {
  static final int INSTANCES = 2;

  private WholeProtocolRun() {
  }

  /**
   * Runs {@code -p 2 -k kvps} with {@code args} to its end and checks its data checks and where its instances ran.
   *
   * @param canary the secret the binding properties hold, watched for in every command line; null when none
   */
  static KitProcess.CompletedRun run(Path work, Canary canary, long kvps, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-p", Integer.toString(INSTANCES), "-k", Long.toString(kvps)));
    KitProcess kit = KitProcess.startRun(work, OtherNetworkHost.place(work, all.toArray(String[]::new)));
    if (canary != null) {
      canary.watch(kit);
    }
    KitProcess.CompletedRun run = kit.completed(work);
    KitProcess.assertExactDataChecks(run.result(), kvps);
    OtherNetworkHost.assertInstancesRanThere(kit, run, INSTANCES);
    return run;
  }

  /**
   * In every measured run: 5 queries per 10,000 kvps of each instance, none failed, and together they aggregated
   * readings.
   */
  static void assertQueriedOnSchedule(RunResult r, long kvps) {
    for (IterationResult it : r.iterations()) {
      assertEquals(INSTANCES * (kvps / INSTANCES / 2_000), it.measured().queries(),
          "5 queries per 10,000 kvps of each instance");
      assertEquals(0, it.measured().instances().stream().mapToLong(InstanceResult::failedQueries).sum());
      assertTrue(it.measured().readingsAggregated() > 0, "measured-run queries read readings");
    }
  }

  /**
   * A run on an emulator names it, by {@code label}, in every document, and is never compliant: its prerequisite
   * "SUT is the store itself" fails with the label, and that is among the run's reasons.
   */
  static void assertNamedAsEmulator(RunResult r, Path runDir, String label) throws IOException {
    for (String file : List.of("report.txt", "fdr.md", "executive-summary.md", "result.json")) {
      assertTrue(Files.readString(runDir.resolve(file)).contains(label), file + " names the emulator");
    }
    CheckResult real = KitProcess.check(r.prerequisites(), "SUT is the store itself");
    assertFalse(real.passed());
    assertTrue(r.reasons().contains(real.reason()), r.reasons().toString());
    assertTrue(real.reason().contains("the SUT is an emulator: " + label), real.reason());
    assertFalse(r.compliant());
  }
}

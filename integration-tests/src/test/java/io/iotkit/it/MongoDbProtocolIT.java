package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.model.CheckResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole protocol on the local server of binding mongodb, which is a MongoDB wire-protocol emulator
 * (mongo-java-server with its H2 backend), not MongoDB, with a small K, through bin/tpcx-iot.sh (the instances on a
 * driver host in another network namespace, {@link OtherNetworkHost}): exact data checks, the emulator named as
 * such in the result and the run never compliant for it; the window aggregates checked against windows whose
 * content the test knows; more than one SUT node and a login are bad input for the local emulator.
 */
class MongoDbProtocolIT {
  private static final long K = 20_000; // 10,000 per instance: 5 queries each per execution
  private static final String LABEL = "MongoDB wire-protocol emulator (mongo-java-server), not MongoDB; its figures"
      + " are not MongoDB's";

  @Test
  @Tag("smoke")
  void wholeProtocolOnTheLocalEmulator(@TempDir Path work) throws Exception {
    Path props = work.resolve("mongodb.properties");
    Files.writeString(props, "mongodb.batch.size=50\nmongodb.collection=it_readings\n");
    long started = System.nanoTime();
    KitProcess.CompletedRun run = WholeProtocolRun.run(work, null, K, "-b", "mongodb",
        "--binding-properties", props.toString());
    KitProcess.Finished f = run.process();
    Path runDir = run.runDir();
    RunResult r = run.result();
    KitProcess.assertStoreFilesDeleted(runDir, List.of("mongodb/data"), List.of("mongodb-server.log"));

    // The SUT is named as the emulator it is, everywhere the kit shows it.
    assertTrue(r.sut().startsWith("local " + LABEL), r.sut());
    assertTrue(r.sutSettings().get("version").startsWith(LABEL), r.sutSettings().toString());
    assertTrue(r.sutSettings().get("durability").startsWith("write concern {w: \"majority\", j: true"),
        r.sutSettings().toString());
    WholeProtocolRun.assertNamedAsEmulator(r, runDir, LABEL);

    WholeProtocolRun.assertQueriedOnSchedule(r, K);
    for (IterationResult it : r.iterations()) {
      assertEquals(0, it.measured().failedOperations() + it.warmup().failedOperations());
      // the emulator scans rather than using the index, and does not say how much: not measured
      long unmeasured = 0;
      for (Aggregate a : Aggregate.values()) {
        var q = it.measured().queryReads().get(a);
        assertEquals(0, q == null ? 0 : q.read(), a + " reads: " + q);
        unmeasured += q == null ? 0 : q.unmeasuredWindows();
      }
      assertTrue(unmeasured > 0, "windows answered, their reads not measured");
    }
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), "purge, temp files and restart all done: "
        + r.cleanup());
    CheckResult told = KitProcess.check(r.cleanup(), "as its servers tell");
    assertTrue(told.passed() && told.measured().text().contains("java process id"), told.line());

    // The emulator answers isMaster (not hello) as a standalone: one copy.
    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertFalse(replication.passed());
    assertTrue(replication.measured().text().startsWith("1 (isMaster at "), replication.measured().text());
    assertTrue(replication.measured().text().contains("a standalone server (no setName), one copy"));
    assertTrue(r.metrics().iotps() > 0);
    assertTrue(f.stdout().contains("IoTps"), "the report is printed");
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()), "no instance or launcher left running");
    System.out.printf("MongoDbProtocolIT: IoTps %.1f and %.1f, run %.0f s%n", r.iterations().get(0).measured().iotps(),
        r.iterations().get(1).measured().iotps(), (System.nanoTime() - started) / 1e9);
  }

  @Test
  void moreThanOneSutNodeOrALoginIsBadInputForTheLocalEmulator(@TempDir Path work) throws Exception {
    KitProcess.Finished f = KitProcess.run(work, 2, "-b", "mongodb", "-p", "1", "-k", "10", "--sut-nodes", "2",
        "--results", work.resolve("results").toString());
    assertOneLine(f, "mongodb: the local server runs one node only; use --sut-nodes 1");
    Path props = Files.writeString(work.resolve("mongodb.properties"), "mongodb.user=kit\nmongodb.password=pw\n");
    f = KitProcess.run(work, 2, "-b", "mongodb", "-p", "1", "-k", "10", "--binding-properties", props.toString(),
        "--results", work.resolve("results2").toString());
    assertOneLine(f, "mongodb: the local emulator (mongo-java-server) has no authentication");
  }

  /**
   * A replica set that does not answer, with a login whose password is the canary: one line naming the store and
   * its address, exit 1, and the password in no output and no file of the run folder.
   */
  @Test
  void anUnreachableReplicaSetIsOneLineAndItsPasswordShowsNowhere(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    Path props = Files.writeString(work.resolve("mongodb.properties"), "mongodb.hosts=127.0.0.1:1\n"
        + "mongodb.user=kit\nmongodb.password=" + canary.value + "\n");
    KitProcess.Finished f = KitProcess.run(work, 3, "-b", "mongodb", "-p", "1", "-k", "10", "--binding-properties",
        props.toString(), "--results", work.resolve("results").toString());
    assertEquals(1, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.startsWith("mongodb") || err.contains(" mongodb"), err);
    assertTrue(err.contains("127.0.0.1:1"), err);
    assertFalse(err.contains("Exception"), err);
    canary.assertNowhere(f, work.resolve("results"));
    assertEquals(List.of(), KitProcess.leftovers(work.toString()), "nothing of the run left running");
  }

  private static void assertOneLine(KitProcess.Finished f, String contains) {
    assertEquals(2, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains(contains), err);
    assertFalse(err.contains("Exception"), err);
  }

  @Test
  void aggregatesOfWindowsWithKnownContent(@TempDir Path work) throws Exception {
    Properties given = new Properties();
    given.setProperty("mongodb.batch.size", "1"); // each reading its own insertMany
    try (BindingHarness h = BindingHarness.start("mongodb", work, given)) {
      h.admin.prepare(List.of(KnownWindows.SUB, KnownWindows.OTHER));
      KnownWindows.write(h);
      // the server aggregates; the emulator does not say what it read
      KnownWindows.assertAll(h.queries(), w -> assertFalse(w.readMeasured(), "read"));
      String sub = KnownWindows.SUB;
      assertEquals(Map.of(sub, 7L, KnownWindows.OTHER, 1L), h.admin.countReadings(List.of(sub, KnownWindows.OTHER)));
      Map<String, String> layout = h.admin.dataLayout();
      assertTrue(layout.get("indexes").contains("substation_sensor_timestamp {\"substation\": 1, \"sensor\": 1,"
          + " \"timestamp\": 1}"), layout.toString());
      assertEquals(LABEL, h.admin.emulator().orElseThrow());
      h.admin.purge();
      assertEquals(Map.of(sub, 0L), h.admin.countReadings(List.of(sub)));
    }
  }
}

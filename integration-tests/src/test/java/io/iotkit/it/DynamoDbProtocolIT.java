package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.model.CheckResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.QueryReads;
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
 * The whole protocol on the local server of binding dynamodb, which is a DynamoDB emulator (dynalite on Node.js),
 * not DynamoDB, with a small K, through bin/tpcx-iot.sh (the instances on a driver host in another network
 * namespace, {@link OtherNetworkHost}): exact data checks, the emulator named as such in the result and the run
 * never compliant for it, the window queries' reads measured; the window aggregates checked against windows whose
 * content the test knows; more than one SUT node is bad input for the local emulator.
 */
class DynamoDbProtocolIT {
  private static final long K = 20_000; // 10,000 per instance: 5 queries each per execution
  private static final String LABEL = "DynamoDB emulator (dynalite), not DynamoDB; its figures are not DynamoDB's";

  @Test
  @Tag("smoke")
  void wholeProtocolOnTheLocalEmulator(@TempDir Path work) throws Exception {
    // dynalite takes any credentials: the canary as secret key and session token travels in every signed request
    Canary canary = new Canary();
    Path props = work.resolve("dynamodb.properties");
    Files.writeString(props, "dynamodb.table=it_readings\ndynamodb.access.key.id=AKIDKIT\n"
        + "dynamodb.secret.access.key=" + canary.value + "\ndynamodb.session.token=" + canary.value + "\n");
    long started = System.nanoTime();
    KitProcess.CompletedRun run = WholeProtocolRun.run(work, canary, K, "-b", "dynamodb",
        "--binding-properties", props.toString());
    KitProcess.Finished f = run.process();
    Path runDir = run.runDir();
    RunResult r = run.result();
    KitProcess.assertStoreFilesDeleted(runDir, List.of("dynalite/data"), List.of("dynamodb-server.log"));

    // The SUT is named as the emulator it is, everywhere the kit shows it.
    assertTrue(r.sut().startsWith("local " + LABEL), r.sut());
    assertTrue(r.sutSettings().get("version").startsWith(LABEL), r.sutSettings().toString());
    assertEquals("PAY_PER_REQUEST", r.sutSettings().get("setting.dynamodb.billing.mode"));
    WholeProtocolRun.assertNamedAsEmulator(r, runDir, LABEL);

    WholeProtocolRun.assertQueriedOnSchedule(r, K);
    for (IterationResult it : r.iterations()) {
      assertEquals(0, it.measured().failedOperations() + it.warmup().failedOperations());
      // a key condition reads exactly the window's items: what was read is what was aggregated
      for (Aggregate a : Aggregate.values()) {
        QueryReads q = it.measured().queryReads().get(a);
        if (q != null) {
          assertEquals(q.aggregated(), q.read(), a + " reads: " + q);
          assertEquals(0, q.unmeasuredWindows(), a + " reads: " + q);
        }
      }
      // the driver's client counts, carried by the instances' results: at least one request per 25 readings
      for (PhaseResult p : List.of(it.warmup(), it.measured())) {
        Map<String, Long> c = p.clientCounters();
        assertTrue(c.get("dynamodb BatchWriteItem requests") >= p.acknowledged() / 25, p.name() + ": " + c);
        assertEquals(0L, c.get("dynamodb requests throttled and retried"), "dynalite has no throughput limits");
        assertEquals(0L, c.get("dynamodb unprocessed items sent again"), "dynalite processes every item");
      }
      assertFalse(it.storeMeasurements().keySet().stream().anyMatch(k -> k.startsWith("dynamodb")),
          "no counters come through the store: " + it.storeMeasurements());
    }
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), "purge, temp files and restart all done: "
        + r.cleanup());

    // Not an AWS endpoint: one copy.
    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertFalse(replication.passed());
    assertTrue(replication.measured().text().startsWith("1 (endpoint http://"), replication.measured().text());
    assertTrue(r.metrics().iotps() > 0);
    assertTrue(f.stdout().contains("IoTps"), "the report is printed");
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()), "no instance or launcher left running");
    assertTrue(Files.readString(runDir.resolve("config/binding.properties")).contains("dynamodb.session.token="
        + Canary.REDACTED), "the session token is in the kept configuration, redacted");
    canary.assertNowhereInACompleteRun(f, runDir, "dynamodb.secret.access.key", "io.iotkit.instance.InstanceMain",
        "io.iotkit.server.dynamodb.StandaloneDynalite", "dynalite");
    System.out.printf("DynamoDbProtocolIT: IoTps %.1f and %.1f, run %.0f s%n",
        r.iterations().get(0).measured().iotps(), r.iterations().get(1).measured().iotps(),
        (System.nanoTime() - started) / 1e9);
  }

  @Test
  void moreThanOneSutNodeIsBadInputForTheLocalEmulator(@TempDir Path work) throws Exception {
    KitProcess.Finished f = KitProcess.run(work, 2, "-b", "dynamodb", "-p", "1", "-k", "10", "--sut-nodes", "2",
        "--results", work.resolve("results").toString());
    assertEquals(2, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains("dynamodb: the local server runs one node only; use --sut-nodes 1"), err);
  }

  @Test
  void anUnreachableEndpointIsOneLineAndExitOne(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    Path props = Files.writeString(work.resolve("dynamodb.properties"), "dynamodb.endpoint=http://127.0.0.1:1\n"
        + "dynamodb.access.key.id=AKIDKIT\ndynamodb.secret.access.key=" + canary.value + "\n");
    KitProcess.Finished f = KitProcess.run(work, 2, "-b", "dynamodb", "-p", "1", "-k", "10", "--binding-properties",
        props.toString(), "--results", work.resolve("results").toString());
    assertEquals(1, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), err);
    // refused, or, on a loaded machine, the SDK's attempts outlasting the call's time limit: one line either way
    assertTrue(err.contains("dynamodb: cannot connect to http://127.0.0.1:1: connection refused")
        || err.contains("dynamodb: cannot connect to http://127.0.0.1:1: no answer within 30000 ms"), err);
    assertFalse(err.contains("Exception"), err);
    assertFalse(f.stdout().contains(canary.value) || err.contains(canary.value), "no secret in the output");
    assertEquals(List.of(), KitProcess.leftovers(work.toString()), "nothing of the run left running");
  }

  @Test
  void aggregatesOfWindowsWithKnownContent(@TempDir Path work) throws Exception {
    Properties given = new Properties();
    given.setProperty("dynamodb.batch.size", "1"); // each reading its own BatchWriteItem
    try (BindingHarness h = BindingHarness.start("dynamodb", work, given)) {
      h.admin.prepare(List.of(KnownWindows.SUB, KnownWindows.OTHER));
      KnownWindows.write(h);
      // a key condition reads the window's items and no others
      KnownWindows.assertAll(h.queries(), w -> assertEquals(w.count(), w.read(), "read"));
      // counts see every item under a substation's key, whatever its sensor: the five of the windows' sensor and
      // its two neighbours, and the one of the other substation
      String sub = KnownWindows.SUB;
      assertEquals(Map.of(sub, 7L, KnownWindows.OTHER, 1L), h.admin.countReadings(List.of(sub, KnownWindows.OTHER)));
      Map<String, String> layout = h.admin.dataLayout();
      assertEquals("[pk (HASH), ts (RANGE)]", layout.get("key"), layout.toString());
      assertEquals("PAY_PER_REQUEST", layout.get("capacity"), layout.toString());
      assertEquals(LABEL, h.admin.emulator().orElseThrow());
      h.admin.purge();
      assertEquals(0, h.queries().aggregate(Aggregate.COUNT, sub, KnownWindows.SENSOR, KnownWindows.T0,
          KnownWindows.T0 + 5_000).count(), "purged");
    }
  }
}

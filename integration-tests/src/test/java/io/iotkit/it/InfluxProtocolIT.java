package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole protocol on the local InfluxDB (Debian's influxd) the kit starts itself, with a small K, through
 * bin/tpcx-iot.sh (the instances on a driver host in another network namespace, {@link OtherNetworkHost}), with
 * authentication on and the canary as the password; the window aggregates checked against windows whose content
 * the test knows; more than one SUT node is bad input.
 */
class InfluxProtocolIT {
  private static final long K = 20_000; // 10,000 per instance: 5 queries each per execution

  /**
   * The admin's password is the canary: the local server creates the user with it and runs with authentication
   * on, so every write, query and count really logs in with it.
   */
  @Test
  @Tag("smoke")
  void wholeProtocolOnTheLocalInfluxDb(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    Path props = work.resolve("influxdb.properties");
    Files.writeString(props, "influxdb.user=kit_it\ninfluxdb.password=" + canary.value + "\ninfluxdb.batch.size=50\n");
    KitProcess.CompletedRun run = WholeProtocolRun.run(work, canary, K, "-b", "influxdb",
        "--binding-properties", props.toString());
    KitProcess.Finished f = run.process();
    Path runDir = run.runDir();
    RunResult r = run.result();
    KitProcess.assertStoreFilesDeleted(runDir, List.of("influxdb/data", "influxdb/wal", "influxdb/meta"),
        List.of("influxdb/influxd.log", "influxdb/influxdb.conf"));

    assertTrue(r.sut().contains("local InfluxDB 1."), r.sut());
    WholeProtocolRun.assertQueriedOnSchedule(r, K);
    for (IterationResult it : r.iterations()) {
      assertEquals(0, it.measured().failedOperations() + it.warmup().failedOperations());
      ReadAmplification.assertExactRanges(it.measured());
    }
    assertTrue(r.sutSettings().get("durability").startsWith("wal-fsync-delay=0s"), r.sutSettings().toString());
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), "purge, temp files and restart all done: "
        + r.cleanup());

    // Open-source InfluxDB keeps one copy, and the check says so in plain words.
    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertFalse(replication.passed());
    assertTrue(replication.measured().text().startsWith("1 (open-source InfluxDB"), replication.measured().text());
    assertTrue(replication.measured().text().contains("no clustering or replication"));
    assertFalse(r.compliant());
    assertTrue(r.metrics().iotps() > 0);
    System.out.println("InfluxProtocolIT: IoTps " + r.metrics().iotps());
    assertTrue(f.stdout().contains("IoTps"), "the report is printed");
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()), "no instance, launcher or influxd left running");

    canary.assertNowhereInACompleteRun(f, runDir, "influxdb.password", "io.iotkit.instance.InstanceMain",
        "io.iotkit.server.influxdb.StandaloneInfluxDb", "influxd");
    assertFalse(Files.exists(runDir.resolve("sut/account.properties")), "the login file is gone once the server is up");
  }

  @Test
  void moreThanOneSutNodeIsBadInput(@TempDir Path work) throws Exception {
    KitProcess.Finished f = KitProcess.run(work, 2, "-b", "influxdb", "-p", "1", "-k", "10", "--sut-nodes", "2",
        "--results", work.resolve("results").toString());
    assertEquals(2, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), err);
    assertTrue(err.contains("influxdb: --sut-nodes 2: open-source InfluxDB has no clustering or replication"), err);
    assertFalse(err.contains("Exception"), err);
  }

  @Test
  void aggregatesOfWindowsWithKnownContent(@TempDir Path work) throws Exception {
    Properties given = new Properties();
    given.setProperty("influxdb.batch.size", "1"); // each reading its own request, as the bulk study's other end
    try (BindingHarness h = BindingHarness.start("influxdb", work, given)) {
      h.admin.prepare(List.of("agg-1-000", "agg-1-001"));
      KnownWindows.write(h);
      // the server aggregates and reads exactly the window's points
      KnownWindows.assertAll(h.queries(), w -> assertEquals(w.count(), w.read(), "read"));
      String sub = KnownWindows.SUB;
      assertEquals(java.util.Map.of(sub, 7L, "agg-1-001", 1L), h.admin.countReadings(List.of(sub, "agg-1-001")));
    }
  }
}

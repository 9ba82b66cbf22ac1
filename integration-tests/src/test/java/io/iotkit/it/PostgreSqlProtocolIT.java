package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole protocol on the local PostgreSQL the kit starts itself, a primary and two synchronous standbys, with a
 * small K, through bin/tpcx-iot.sh (the instances on a driver host in another network namespace,
 * {@link OtherNetworkHost}); and the dashboard aggregates of the binding checked against windows whose content the
 * test knows.
 */
class PostgreSqlProtocolIT {
  private static final long K = 20_000; // 10,000 per instance: 5 queries each per execution

  /** The account's password is the canary: the local server creates the account from its verifier alone. */
  @Test
  @Tag("smoke")
  void wholeProtocolOnALocalPrimaryWithTwoSynchronousStandbys(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    Path props = work.resolve("postgresql.properties");
    Files.writeString(props, "postgresql.user=kit_it\npostgresql.password=" + canary.value
        + "\npostgresql.batch.size=50\n");
    KitProcess.CompletedRun run = WholeProtocolRun.run(work, canary, K, "-b", "postgresql", "--sut-nodes", "3",
        "--binding-properties", props.toString());
    KitProcess.Finished f = run.process();
    Path runDir = run.runDir();
    RunResult r = run.result();
    KitProcess.assertStoreFilesDeleted(runDir, List.of("postgresql/primary/data", "postgresql/standby-2/data",
        "postgresql/standby-3/data"), List.of("postgresql/primary/postgres.log", "postgresql/standby-3/postgres.log"));

    assertTrue(r.sut().contains("local PostgreSQL 15"), r.sut());
    WholeProtocolRun.assertQueriedOnSchedule(r, K);
    for (IterationResult it : r.iterations()) {
      assertEquals(0, it.measured().instances().stream().mapToLong(InstanceResult::failedInserts).sum());
      // a sensor's readings in one insert thread's open batch: 50 rows over the thread's 20 of 200 sensors
      ReadAmplification.assertExactRanges(it.measured(), 3);
      assertTrue(it.storeMeasurements().get("postgresql durability").contains("synchronous_commit=on"),
          it.storeMeasurements().toString());
    }
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), "purge, temp files and restart all done: "
        + r.cleanup());

    // Both standbys are synchronous: the primary's pg_stat_replication says so, and a commit waits for them.
    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertTrue(replication.passed(), replication.line());
    assertTrue(replication.measured().text().startsWith("3 (the primary and 2 synchronous standby(s) a commit waits"
        + " for (synchronous_commit=on, synchronous_standby_names='FIRST 2 (standby_2, standby_3)')"),
        replication.measured().text());
    // ... and the copies themselves: both standbys had replayed the primary's WAL and held its readings, counted on
    // each, before and after each iteration
    for (IterationResult it : r.iterations()) {
      for (String when : List.of("before the warmup", "at the data check")) {
        CheckResult copies = KitProcess.check(it.checks(), when + ": copies on the store");
        assertTrue(copies.passed(), copies.line());
        assertTrue(copies.measured().text().startsWith("3 (the primary and 2 of 2 standby(s) in postgresql.standbys"
            + " that replayed its WAL up to ") && copies.measured().text().contains("and hold its readings"),
            copies.line());
      }
    }
    assertTrue(r.metrics().iotps() > 0);
    assertTrue(f.stdout().contains("IoTps"), "the report is printed");
    System.out.println("PostgreSqlProtocolIT: IoTps " + r.metrics().iotps() + " with --sut-nodes 3, K " + K);
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()), "no instance, launcher or postgres left running");

    canary.assertNowhereInACompleteRun(f, runDir, "postgresql.password", "io.iotkit.instance.InstanceMain",
        "io.iotkit.server.postgresql.StandalonePostgreSql", "bin/postgres -D");
  }

  @Test
  void aggregatesOfWindowsWithKnownContent(@TempDir Path work) throws Exception {
    Properties given = new Properties();
    given.setProperty("postgresql.batch.size", "1"); // each reading its own transaction
    try (BindingHarness h = BindingHarness.start("postgresql", work, given)) {
      KnownWindows.write(h);
      KnownWindows.assertAll(h.queries(), KnownWindows::rangeScan);
      String sub = KnownWindows.SUB;
      long t0 = KnownWindows.T0;

      // The window query is a range of the primary key's index, not a scan of the table.
      try (Connection c = jdbc(h.properties);
           PreparedStatement ps = c.prepareStatement("EXPLAIN SELECT COUNT(*), MAX(value) FROM readings"
               + " WHERE substation = ? AND sensor = ? AND ts >= ? AND ts < ?")) {
        ps.setString(1, sub);
        ps.setString(2, "ltc-1");
        ps.setLong(3, t0);
        ps.setLong(4, t0 + 5_000);
        StringBuilder plan = new StringBuilder();
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            plan.append(rs.getString(1)).append('\n');
          }
        }
        assertTrue(plan.toString().contains("readings_pkey") && !plan.toString().contains("Seq Scan"), plan.toString());
      }
      Map<String, String> layout = h.admin.dataLayout();
      assertTrue(layout.get("indexes").contains("PRIMARY KEY") || layout.get("indexes").contains("readings_pkey"),
          layout.toString());
      assertEquals("none: the table is one heap", layout.get("partitions"));
    }
  }

  /** Plain JDBC to the server a harness started, as an outside party would connect. */
  static Connection jdbc(Properties p) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://" + p.getProperty("postgresql.host") + ":"
        + p.getProperty("postgresql.port") + "/" + p.getProperty("postgresql.database", "iot"),
        p.getProperty("postgresql.user", "iot"), p.getProperty("postgresql.password", ""));
  }
}

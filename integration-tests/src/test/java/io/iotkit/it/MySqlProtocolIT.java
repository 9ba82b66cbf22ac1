package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.RunResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole protocol on the local MariaDB the kit starts itself, with a small K, through bin/tpcx-iot.sh (the
 * instances on a driver host in another network namespace, {@link OtherNetworkHost}); and
 * the dashboard aggregates of the binding checked against windows whose content the test knows.
 */
class MySqlProtocolIT {
  private static final long K = 40_000; // 20,000 per instance: 10 queries each per execution

  /**
   * The account's password is the canary (the local MariaDB creates the account with it, so the binding really logs
   * in with it), and so is the password of the trust store the properties name (the kit opens the store with it;
   * the local server offers no TLS, so mysql.ssl.mode PREFERRED makes no handshake with it).
   */
  @Test
  @Tag("smoke")
  void wholeProtocolOnTheLocalMariaDb(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    String password = canary.value;
    Path props = work.resolve("mysql.properties");
    Files.writeString(props, "mysql.user=kit_it\nmysql.password=" + password + "\nmysql.batch.size=50\n"
        + "mysql.ssl.truststore=" + canary.keyStore(work) + "\nmysql.ssl.truststore.type=PKCS12\n"
        + "mysql.ssl.truststore.password=" + password + "\n");
    KitProcess.CompletedRun run = WholeProtocolRun.run(work, canary, K, "-b", "mysql",
        "--binding-properties", props.toString());
    KitProcess.Finished f = run.process();
    Path runDir = run.runDir();
    RunResult r = run.result();
    KitProcess.assertStoreFilesDeleted(runDir, List.of("mariadb/data"), List.of("mariadb/mariadbd.log"));

    assertTrue(r.sut().contains("local MariaDB 10.11"), r.sut());
    WholeProtocolRun.assertQueriedOnSchedule(r, K);
    for (IterationResult it : r.iterations()) {
      assertEquals(0, it.measured().instances().stream().mapToLong(InstanceResult::failedInserts).sum());
      ReadAmplification.assertExactRanges(it.measured());
      assertTrue(it.storeMeasurements().get("mysql durability").contains("innodb_flush_log_at_trx_commit=1"),
          it.storeMeasurements().toString());
    }
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), "purge, temp files and restart all done: "
        + r.cleanup());

    // One server, no binary log: the check reads that from the server and fails honestly.
    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertFalse(replication.passed());
    assertTrue(replication.measured().text().startsWith("1 (one server"), replication.measured().text());
    assertFalse(r.compliant());
    assertTrue(r.metrics().iotps() > 0);
    assertTrue(f.stdout().contains("IoTps"), "the report is printed");
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()), "no instance, launcher or mariadbd left running");

    // The password reaches no output, no file of the run (the server's own files included) and no command line;
    // its hash, which the launcher got, is only in the server's user table.
    canary.assertNowhereInACompleteRun(f, runDir, "mysql.password", "io.iotkit.instance.InstanceMain",
        "io.iotkit.server.mysql.StandaloneMariaDb", "mariadbd");
    assertTrue(Files.readString(runDir.resolve("config/binding.properties"))
        .contains("mysql.ssl.truststore.password=" + Canary.REDACTED));
    byte[] hash = nativeHash(password).getBytes(StandardCharsets.US_ASCII);
    try (Stream<Path> files = Files.walk(runDir)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        if (!file.startsWith(runDir.resolve("sut/mariadb/data"))) {
          assertFalse(Canary.fileContains(file, hash), "password hash in " + file);
        }
      }
    }
  }

  @Test
  void aggregatesOfWindowsWithKnownContent(@TempDir Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start("mysql", work, new Properties())) {
      KnownWindows.write(h);
      KnownWindows.assertAll(h.queries(), KnownWindows::rangeScan);

      // Readings the driver generated: every template over a window of real data, against the stored rows.
      String real = "agg-1-002";
      assertEquals(4_000, h.write(real, 4_000, 2).acknowledged());
      try (Connection c = jdbc(h.properties)) {
        String sensor = single(c, "SELECT MIN(sensor) FROM readings WHERE substation = '" + real + "'");
        List<Long> times = new ArrayList<>();
        List<Double> stored = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
            "SELECT ts, value FROM readings WHERE substation = ? AND sensor = ? ORDER BY ts")) {
          ps.setString(1, real);
          ps.setString(2, sensor);
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              times.add(rs.getLong(1));
              stored.add(rs.getDouble(2));
            }
          }
        }
        assertEquals(20, times.size(), "4,000 readings over 200 sensors");
        long from = times.get(5);
        long to = times.get(15); // the window holds readings 5 to 14: ten
        List<Double> window = stored.subList(5, 15);
        double avg = window.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        KnownWindows.assertWindow(h.queries(), real, sensor, from, to, 10, java.util.Collections.max(window),
            java.util.Collections.min(window), avg, KnownWindows::rangeScan);

        // The window query is a range scan of the primary key, not a table scan.
        try (PreparedStatement ps = c.prepareStatement("EXPLAIN SELECT COUNT(*), MAX(value) FROM readings"
            + " WHERE substation = ? AND sensor = ? AND ts >= ? AND ts < ?")) {
          ps.setString(1, real);
          ps.setString(2, sensor);
          ps.setLong(3, from);
          ps.setLong(4, to);
          try (ResultSet rs = ps.executeQuery()) {
            assertTrue(rs.next());
            assertEquals("range", rs.getString("type"));
            assertEquals("PRIMARY", rs.getString("key"));
          }
        }
      }
    }
  }

  /** Plain JDBC to the server a harness started, as an outside party would connect. */
  static Connection jdbc(Properties p) throws SQLException {
    return DriverManager.getConnection("jdbc:mysql://" + p.getProperty("mysql.host") + ":" + p.getProperty("mysql.port")
        + "/" + p.getProperty("mysql.database", "iot"), p.getProperty("mysql.user", "iot"),
        p.getProperty("mysql.password", ""));
  }

  static String single(Connection c, String sql) throws SQLException {
    try (ResultSet rs = c.createStatement().executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getString(1);
    }
  }

  private static String nativeHash(String password) throws Exception {
    java.security.MessageDigest sha1 = java.security.MessageDigest.getInstance("SHA-1");
    byte[] stage2 = sha1.digest(sha1.digest(password.getBytes(StandardCharsets.UTF_8)));
    return "*" + java.util.HexFormat.of().withUpperCase().formatHex(stage2);
  }
}

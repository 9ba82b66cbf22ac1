package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.LiveCopies;
import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local MariaDB as a replicated SUT (--sut-nodes): a primary and semi-synchronous replicas, each its own
 * mariadbd. The whole protocol at three nodes passes the replication check on what the primary reports; two
 * nodes fail it; a replica killed while readings are written loses none the primary acknowledged.
 */
class MySqlClusterIT {
  private static final long K = 40_000;
  /** "1,234 commits acknowledged by a replica, 0 without one ...": the primary's own semi-sync counters. */
  private static final Pattern ACKNOWLEDGED = Pattern.compile("([\\d,]+) commits acknowledged by a replica, 0 without one.*");

  @Test
  void wholeProtocolOnAPrimaryAndTwoReplicas(@TempDir Path work) throws Exception {
    String password = "pw-" + UUID.randomUUID();
    Path props = work.resolve("mysql.properties");
    Files.writeString(props, "mysql.user=kit_it\nmysql.password=" + password + "\n");
    KitProcess.CompletedRun run = KitProcess.runToCompletion(work, "-b", "mysql", "-p", "2", "-k", Long.toString(K),
        "--sut-nodes", "3", "--binding-properties", props.toString());
    RunResult r = run.result();
    KitProcess.assertExactDataChecks(r, K);
    assertEquals(3, r.inputs().sutNodes());
    assertTrue(r.sut().contains("a primary and 2 semi-synchronous replicas, 3 mariadbd on 127.0.0.1"), r.sut());

    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertTrue(replication.passed(), replication.line());
    assertTrue(replication.measured().text().startsWith("3 (this server and 2 replica(s) listed by SHOW SLAVE HOSTS"
        + " (semi-synchronous replication))"), replication.measured().text());

    for (IterationResult it : r.iterations()) {
      Map<String, String> layout = it.dataLayout();
      assertTrue(layout.get("primary key").startsWith("(substation, sensor, ts): InnoDB's clustered index"),
          layout.toString());
      assertEquals("none: the table is one partition", layout.get("partitions"));
      assertTrue(layout.get("replicas").matches("2 connected \\(SHOW SLAVE HOSTS\\): server [23] at 127\\.0\\.0\\.1:\\d+,"
          + " server [23] at 127\\.0\\.0\\.1:\\d+"), layout.get("replicas"));
      assertTrue(layout.get("semi-synchronous replication").startsWith("on: a commit returns once 1 replica(s) have it"
          + " in their relay log (wait point AFTER_SYNC); 2 semi-synchronous replica(s) connected"), layout.toString());
      assertTrue(layout.get("binary log").startsWith("on, ROW format, sync_binlog=1"), layout.toString());

      // Every commit of the iteration waited for a replica: no batch was acknowledged on the primary alone.
      String acks = it.storeMeasurements().get("mysql semi-sync");
      Matcher m = ACKNOWLEDGED.matcher(String.valueOf(acks));
      assertTrue(m.matches(), acks);
      long batches = 2 * K / 100; // warmup and measured run, batches of 100 readings
      assertTrue(Long.parseLong(m.group(1).replace(",", "")) >= batches, acks);
      assertTrue(it.storeMeasurements().get("mysql durability").contains("sync_binlog=1"), it.storeMeasurements()
          .toString());
      // The copies themselves: both replicas had applied the primary's binary log, read on each replica.
      for (String when : List.of("before the warmup", "at the data check")) {
        CheckResult copies = KitProcess.check(it.checks(), when + ": copies on the store");
        assertTrue(copies.passed(), copies.line());
        assertTrue(copies.measured().text().startsWith("3 (this server and 2 of 2 replica(s) listed by SHOW SLAVE"
            + " HOSTS that applied its binary log up to GTID 0-1-"), copies.line());
      }
    }

    // The cleanup restarted every node: each serves again from a new mariadbd.
    List<String> restarted = r.cleanup().stream().filter(c -> c.name().startsWith("cleanup: SUT restarted: "))
        .map(c -> c.name().substring("cleanup: SUT restarted: ".length())).toList();
    assertEquals(List.of("primary", "replica 2", "replica 3"), restarted);
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), r.cleanup().toString());

    assertFalse(run.process().stdout().contains(password) || run.process().stderr().contains(password));
    assertEquals(List.of(), KitProcess.leftovers(run.runDir().toString()), "no launcher or mariadbd left running");
  }

  @Test
  void twoNodesFailTheReplicationCheckAndAStrictRunStopsThere(@TempDir Path work) throws Exception {
    Path results = work.resolve("results");
    KitProcess.Finished f = KitProcess.run(work, 5, "-b", "mysql", "-p", "2", "-k", Long.toString(K),
        "--sut-nodes", "2", "--strict", "--results", results.toString());
    assertEquals(1, f.exitCode(), f.stderr());
    Path runDir = KitProcess.onlyRunDir(results);
    RunResult r = KitProcess.result(runDir);
    assertEquals(RunStatus.ABORTED, r.status());
    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertFalse(replication.passed());
    assertTrue(replication.measured().text().startsWith("2 (this server and 1 replica(s) listed by SHOW SLAVE HOSTS"),
        replication.measured().text());
    assertEquals("the SUT keeps fewer than 3 copies of each reading; configure 3 or more", replication.why());
    assertTrue(r.abortReason().startsWith("--strict: replication factor broke its rule"), r.abortReason());
    assertTrue(r.iterations().isEmpty(), "nothing was written");
    assertEquals(1, f.stderr().strip().lines().count(), "one line: " + f.stderr());
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()));
  }

  /**
   * Runs {@code statement} as the node's root, over its socket with the MariaDB client of the node's own build: a
   * replica is read-only to every other login.
   */
  private static void rootOnNode(String pid, Path socket, String statement) throws Exception {
    String command = ProcessHandle.of(Long.parseLong(pid)).orElseThrow().info().commandLine().orElseThrow();
    String basedir = java.util.Arrays.stream(command.split(" ")).filter(a -> a.startsWith("--basedir="))
        .findFirst().orElseThrow(() -> new AssertionError("no --basedir in " + command))
        .substring("--basedir=".length());
    Process client = new ProcessBuilder(basedir + "/bin/mariadb", "--no-defaults", "--socket=" + socket, "-u",
        "root", "-e", statement).redirectErrorStream(true).start();
    String out = new String(client.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(0, client.waitFor(), statement + ": " + out);
  }

  /**
   * A detached three-node cluster (server start / stop): one replica is killed while an instance writes; the
   * primary goes on with the other, every acknowledged reading is on the primary and on the surviving replica, and
   * the replication check then reads 2; a reading deleted on the replica then leaves the primary the only copy.
   */
  @Test
  void aReplicaLostWhileWritingLosesNoAcknowledgedReading(@TempDir Path work) throws Exception {
    Path dir = work.resolve("db");
    Path props = work.resolve("mysql.properties");
    Files.writeString(props, "mysql.user=kit_it\nmysql.password=pw-" + UUID.randomUUID() + "\n");
    KitProcess.Finished started = KitProcess.run(work, 5, "server", "-b", "mysql", "start", "--sut-nodes", "3",
        "--dir", dir.toString(), "--binding-properties", props.toString());
    try {
      assertEquals(0, started.exitCode(), started.stderr());
      Map<String, String> ready = readyFacts(dir.resolve("mysql-server.out"));
      assertEquals("3", ready.get("nodes"));
      Properties p = load(props);
      p.putAll(load(dir.resolve("binding.properties")));
      assertEquals(ready.get("node1.port"), p.getProperty("mysql.port"), "clients get the primary");

      String sub = "lost-1-000";
      long kvps = 30_000;
      try (BindingHarness h = BindingHarness.connect("mysql", p)) {
        assertEquals(3, h.admin.replication().factor());
        CompletableFuture<InstanceResult> writing = CompletableFuture.supplyAsync(() -> {
          try {
            return h.write(sub, kvps, 4);
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
        try (BindingHarness counter = BindingHarness.connect("mysql", p)) {
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
          while (counter.admin.totalReadings(List.of(sub)) < kvps / 10 && System.nanoTime() < deadline) {
            Thread.sleep(50);
          }
        }
        assertFalse(writing.isDone(), "the replica dies while readings are written");
        ProcessHandle replica3 = ProcessHandle.of(Long.parseLong(ready.get("node3.pid"))).orElseThrow();
        replica3.destroyForcibly();
        replica3.onExit().get(30, TimeUnit.SECONDS);

        InstanceResult written = writing.get(5, TimeUnit.MINUTES);
        assertEquals(kvps, written.acknowledged(), "the primary went on with the other replica");
        assertEquals(0, written.failedInserts());
        assertTrue(h.dataCheck(sub, written.acknowledged()).passed());
        try (Connection c = MySqlProtocolIT.jdbc(p)) {
          assertEquals("0", semiSyncStatus(c, "Rpl_semi_sync_master_no_tx"),
              "every commit was in a replica's relay log before it was acknowledged");
        }
        // The surviving replica holds every acknowledged reading once it has applied its relay log.
        Properties replica2 = new Properties();
        replica2.putAll(p);
        replica2.setProperty("mysql.port", ready.get("node2.port"));
        try (Connection c = MySqlProtocolIT.jdbc(replica2)) {
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
          String count;
          do {
            Thread.sleep(200);
            count = MySqlProtocolIT.single(c, "SELECT COUNT(*) FROM readings WHERE substation = '" + sub + "'");
          } while (!count.equals(Long.toString(kvps)) && System.nanoTime() < deadline);
          assertEquals(Long.toString(kvps), count);
        }
        // The primary counts what is connected now: the check would fail this cluster.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (h.admin.replication().factor() != 2 && System.nanoTime() < deadline) {
          Thread.sleep(200);
        }
        assertEquals(2, h.admin.replication().factor(), h.admin.replication().source());
        // ... and the copies: the primary and the replica left, which has applied everything
        LiveCopies copies = h.admin.liveCopies(List.of(sub)).orElseThrow();
        assertEquals(2, copies.copies(), copies.detail());
        assertTrue(copies.detail().startsWith("this server and 1 of 1 replica(s)"), copies.detail());
        // A replica that is caught up but lost a reading of its own is no copy: the count is taken on it.
        rootOnNode(ready.get("node2.pid"), dir.resolve("mariadb/replica-2/mariadbd.sock"),
            "DELETE FROM iot.readings WHERE substation = '" + sub + "' LIMIT 1");
        LiveCopies short1 = h.admin.liveCopies(List.of(sub)).orElseThrow();
        assertEquals(1, short1.copies(), short1.detail());
        assertTrue(short1.detail().contains(String.format("holds %,d readings of substation %s where the primary"
            + " holds %,d", kvps - 1, sub, kvps)), short1.detail());
      }
      assertTrue(Files.readString(dir.resolve("mysql-server.log")).contains("replica 3 (pid " + ready.get("node3.pid")
          + ") exited with code 137; the primary goes on with the replicas left"));
    } finally {
      KitProcess.Finished stopped = KitProcess.run(work, 5, "server", "-b", "mysql", "stop", "--dir", dir.toString());
      assertEquals(0, stopped.exitCode(), stopped.stderr());
    }
    assertEquals(List.of(), KitProcess.leftovers(dir.toString()), "server stop stopped every node");
  }

  private static Map<String, String> readyFacts(Path out) throws Exception {
    String line = Files.readAllLines(out).stream().filter(l -> l.startsWith("READY")).findFirst().orElseThrow();
    Map<String, String> facts = new HashMap<>();
    for (String word : line.split("\\s+")) {
      int eq = word.indexOf('=');
      if (eq > 0) {
        facts.put(word.substring(0, eq), word.substring(eq + 1));
      }
    }
    return facts;
  }

  private static Properties load(Path file) throws Exception {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    return p;
  }

  private static String semiSyncStatus(Connection c, String name) throws Exception {
    return MySqlProtocolIT.single(c, "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
        + " WHERE VARIABLE_NAME = '" + name.toUpperCase(java.util.Locale.ROOT) + "'");
  }
}

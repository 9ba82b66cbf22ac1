package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replicated local Kafka ({@code --sut-nodes}): three brokers pass the replication check and keep every
 * acknowledged reading when one of them is killed during a measured run; two brokers fail the check; the detached
 * server starts and stops a cluster; too few partitions for P get one line.
 */
class KafkaClusterIT {
  private static final long K = 40_000;

  @Tag("wide")
  @Test
  void threeBrokersReplicateAndLoseNoAcknowledgedReadingWhenOneIsKilled(@TempDir Path work) throws Exception {
    Path results = work.resolve("results");
    KitProcess kit = KitProcess.start(work, "-b", "kafka", "-p", "2", "-k", Long.toString(K), "--sut-nodes", "3",
        "--progress-interval", "1", "--results", results.toString());
    long killedAtMicros;
    try {
      awaitOutput(kit, "iteration 1 measured ", 5);
      ProcessHandle broker2 = onlyProcess("StandaloneKafka", results.toString(), "--node-id 2");
      killedAtMicros = System.currentTimeMillis() * 1_000;
      broker2.destroyForcibly(); // SIGKILL: no clean shutdown, as a crashed node
      broker2.onExit().get(30, TimeUnit.SECONDS);
      assertTrue(kit.process.waitFor(10, TimeUnit.MINUTES), "the run ends");
    } finally {
      kit.process.descendants().forEach(ProcessHandle::destroyForcibly);
      kit.process.destroyForcibly();
    }
    String stderr = Files.readString(kit.stderr);
    assertEquals(0, kit.process.exitValue(), stderr);
    Path runDir = KitProcess.onlyRunDir(results);
    RunResult r = KitProcess.result(runDir);
    assertEquals(RunStatus.COMPLETED, r.status(), r.abortReason());

    IterationResult first = r.iterations().get(0);
    assertTrue(first.measured().startMicros() < killedAtMicros && killedAtMicros < first.measured().endMicros(),
        "broker 2 was killed during iteration 1's measured run");
    // acks=all with min.insync.replicas 2: every acknowledged reading was on a surviving broker too.
    KitProcess.assertExactDataChecks(r, K);

    assertTrue(r.sut().contains("3 brokers, each in its own JVM"), r.sut());
    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertTrue(replication.passed(), replication.line());
    assertTrue(replication.measured().text().startsWith("3 ("), replication.line());
    assertTrue(replication.measured().text().contains("min.insync.replicas=2 (broker setting)"), replication.line());
    for (IterationResult it : r.iterations()) {
      Map<String, String> layout = it.dataLayout();
      assertTrue(layout.get("replication factor").startsWith("3 "), layout.toString());
      assertEquals("2 (broker setting)", layout.get("min.insync.replicas"));
      assertTrue(layout.get("partitions").startsWith("400 = 2 substation slot(s) x 200 "), layout.toString());
      assertEquals(it.substations().get(0) + " -> 0..199, " + it.substations().get(1) + " -> 200..399",
          layout.get("substation partitions"));
    }

    // The copies themselves: all three in sync before iteration 1; at its data check broker 2 is down, so every
    // reading has 2 live copies and the check fails; after the restart iteration 2 has 3 again.
    CheckResult before1 = KitProcess.check(first.checks(), "before the warmup: copies on the store");
    assertTrue(before1.passed() && before1.measured().text().startsWith("3 (400 partition(s)"), before1.line());
    CheckResult after1 = KitProcess.check(first.checks(), "at the data check: copies on the store");
    assertFalse(after1.passed(), after1.line());
    assertTrue(after1.measured().text().startsWith("2 (400 partition(s)")
        && after1.measured().text().contains("at least 3 replicas each, at least 2 in sync; min.insync.replicas=2"),
        after1.line());
    assertTrue(r.reasons().contains(after1.reason()), r.reasons().toString());
    System.out.println("KafkaClusterIT, a broker down at the data check: " + after1.line());
    for (String when : List.of("before the warmup", "at the data check")) {
      CheckResult c = KitProcess.check(r.iterations().get(1).checks(), when + ": copies on the store");
      assertTrue(c.passed(), c.line());
    }

    // The lost broker is back after the restart, and iteration 2 ran on all three.
    for (String broker : List.of("broker 1", "broker 2", "broker 3")) {
      assertTrue(KitProcess.check(r.cleanup(), broker).passed(), r.cleanup().toString());
    }
    assertTrue(KitProcess.check(r.cleanup(), "broker 2").measured().text().startsWith("not serving before"));
    String launcherLog = Files.readString(runDir.resolve("sut/kafka-server.log"));
    assertTrue(launcherLog.matches("(?s).*broker 2 \\(pid \\d+\\) exited; the cluster serves on without it.*"),
        "the launcher's log names the lost broker: " + launcherLog);
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()), "no instance or broker left running");
  }

  @Test
  void twoBrokersFailTheReplicationCheck(@TempDir Path work) throws Exception {
    Path dir = work.resolve("kafka2");
    KitProcess.Finished tls = KitProcess.run(work, 1, "server", "-b", "kafka", "start", "--dir", dir.toString(),
        "--sut-nodes", "2", "--sasl-plain-user", "kit");
    assertEquals(2, tls.exitCode(), "extra listeners are for a single node");
    assertEquals(1, tls.stderr().strip().lines().count(), tls.stderr());

    KitProcess.Finished started = KitProcess.run(work, 5, "server", "-b", "kafka", "start", "--dir",
        dir.toString(), "--sut-nodes", "2");
    assertEquals(0, started.exitCode(), started.stderr());
    try {
      Path props = dir.resolve("binding.properties");
      Properties address = new Properties();
      try (var in = Files.newInputStream(props)) {
        address.load(in);
      }
      String bootstrap = address.getProperty("kafka.bootstrap.servers");
      assertEquals(2, bootstrap.split(",").length, bootstrap);
      Properties p = new Properties();
      p.setProperty("bootstrap.servers", bootstrap);
      try (Admin admin = Admin.create(p)) {
        assertEquals(2, admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size());
      }
      assertEquals(0, KitProcess.run(work, 1, "server", "-b", "kafka", "status", "--dir", dir.toString())
          .exitCode());

      // Two copies, read from Kafka itself: an audited run stops at the replication check.
      KitProcess.Finished strict = KitProcess.run(work, 5, "-b", "kafka", "-p", "1", "-k", "1000", "--strict",
          "--binding-properties", props.toString(), "--results", work.resolve("results").toString());
      assertEquals(1, strict.exitCode(), strict.stderr());
      String err = strict.stderr().strip();
      assertEquals(1, err.lines().count(), err);
      assertTrue(err.contains("--strict: replication factor broke its rule (2 (replicas Kafka assigned"), err);
      assertTrue(err.contains("min.insync.replicas=1 (broker setting), below 2"), err);
      assertTrue(err.contains("limit >= 3"), err);

      // Fewer partitions than substations: one line naming the property and what to set, before any insert.
      Path few = work.resolve("few-partitions.properties");
      Files.writeString(few, "kafka.bootstrap.servers=" + bootstrap + "\nkafka.topic.partitions=1\n");
      KitProcess.Finished bad = KitProcess.run(work, 5, "-b", "kafka", "-p", "2", "-k", "1000",
          "--binding-properties", few.toString(), "--results", work.resolve("results-few").toString());
      assertEquals(2, bad.exitCode(), bad.stderr());
      err = bad.stderr().strip();
      assertEquals(1, err.lines().count(), err);
      assertTrue(err.contains("kafka.topic.partitions is 1 for 2 substations"), err);
      assertTrue(err.contains("set kafka.topic.partitions=2 or more"), err);
      assertFalse(err.contains("Exception"), err);
    } finally {
      KitProcess.Finished stop = KitProcess.run(work, 3, "server", "-b", "kafka", "stop", "--dir", dir.toString());
      assertEquals(0, stop.exitCode(), stop.stderr());
    }
    assertEquals(List.of(), KitProcess.leftovers(dir.toString()), "stop takes every broker along");
  }

  /** Waits until the kit's stdout holds {@code text}. */
  private static void awaitOutput(KitProcess kit, String text, int minutes) throws Exception {
    long deadline = System.currentTimeMillis() + minutes * 60_000L;
    while (!Files.readString(kit.stdout).contains(text)) {
      if (!kit.process.isAlive() || System.currentTimeMillis() > deadline) {
        throw new AssertionError("no '" + text + "' in the kit's output: " + Files.readString(kit.stdout)
            + Files.readString(kit.stderr));
      }
      Thread.sleep(100);
    }
  }

  /** The one live process whose command line contains every one of {@code parts}. */
  private static ProcessHandle onlyProcess(String... parts) {
    List<ProcessHandle> found = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive).filter(h -> {
      String c = h.info().commandLine().orElse("");
      return List.of(parts).stream().allMatch(c::contains);
    }).toList();
    assertEquals(1, found.size(), "processes matching " + List.of(parts));
    return found.get(0);
  }
}

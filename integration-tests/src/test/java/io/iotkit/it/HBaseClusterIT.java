package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replicated local HBase (--sut-nodes): HBase on HDFS with a NameNode, N DataNodes, a master and N region
 * servers, each its own JVM. Three nodes pass the replication check and run the whole protocol exactly, even when a
 * datanode is lost; two nodes fail it.
 */
@Tag("wide")
class HBaseClusterIT {
  private static final long K = 40_000;

  /**
   * The whole protocol on three nodes, with datanode 3 killed (SIGKILL) as iteration 2's warmup begins: HDFS
   * writes on through the two left, no acknowledged reading is lost (the data checks are exact), and iteration 2's
   * count of live copies fails. The instances
   * run on a driver host in another network namespace ({@link OtherNetworkHost}).
   */
  @Test
  void wholeProtocolOnThreeNodesLosingADatanode(@TempDir Path work) throws Exception {
    KitProcess kit = KitProcess.startRun(work, OtherNetworkHost.place(work, "-p", "2", "-k", Long.toString(K),
        "--sut-nodes", "3"));
    ProcessHandle datanode3 = awaitThenKill(kit, "iteration 2: warmup", work.resolve("results"), "datanode-3.xml");
    KitProcess.CompletedRun run = kit.completed(work);
    RunResult r = run.result();
    assertFalse(datanode3.isAlive());

    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertTrue(replication.passed(), replication.measured().text());
    assertTrue(replication.measured().text().startsWith("3 (dfs.replication"), replication.measured().text());
    assertEquals(3, r.inputs().sutNodes());
    assertTrue(r.sut().contains("3 DataNodes"), r.sut());
    KitProcess.assertExactDataChecks(r, K);
    OtherNetworkHost.assertInstancesRanThere(kit, run, 2);

    // The copies, as the NameNode counts them: three throughout iteration 1 and before iteration 2's warmup; at
    // iteration 2's data check datanode 3 has not heartbeaten for seconds, so every block has 2 live copies.
    for (String when : List.of("before the warmup", "at the data check")) {
      CheckResult c = KitProcess.check(r.iterations().get(0).checks(), when + ": copies on the store");
      assertTrue(c.passed() && c.measured().text().startsWith("3 (HDFS"), c.line());
    }
    CheckResult before2 = KitProcess.check(r.iterations().get(1).checks(), "before the warmup: copies on the store");
    assertTrue(before2.passed(), before2.line());
    CheckResult after2 = KitProcess.check(r.iterations().get(1).checks(), "at the data check: copies on the store");
    assertFalse(after2.passed(), after2.line());
    assertTrue(after2.measured().text().startsWith("2 (HDFS") && after2.measured().text().contains("1 of them stale"),
        after2.line());
    assertTrue(r.reasons().contains(after2.reason()), r.reasons().toString());
    System.out.println("HBaseClusterIT, a datanode down at the data check: " + after2.line());
    HBaseProtocolIT.assertOneRegionPerSubstation(r);

    // The cleanup restarted every node: a new process serves each of them afterwards.
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), r.cleanup().toString());
    for (String node : List.of("namenode", "datanode 1", "datanode 2", "datanode 3", "master", "regionserver 1",
        "regionserver 2", "regionserver 3", "zookeeper")) {
      assertTrue(KitProcess.check(r.cleanup(), "SUT restarted: " + node).passed(), node);
    }
    assertEquals(List.of(), KitProcess.leftovers(run.runDir().toString()), "no instance or node left running");
  }

  private static String readOrSay(Path file) {
    try {
      return Files.readString(file);
    } catch (java.io.IOException e) {
      return "(" + file + " unreadable: " + e.getMessage() + ")";
    }
  }

  /** Waits until the kit prints {@code line}, then kills the node JVM whose command line names {@code conf}. */
  private static ProcessHandle awaitThenKill(KitProcess kit, String line, Path results, String conf)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(8);
    while (!Files.readString(kit.stdout).contains(line)) {
      assertTrue(kit.process.isAlive(), () -> "the run ended before " + line + ": " + readOrSay(kit.stderr)
          + KitProcess.logTails(results));
      assertTrue(System.nanoTime() < deadline, "the run never reached " + line);
      Thread.sleep(200);
    }
    ProcessHandle node = ProcessHandle.allProcesses()
        .filter(h -> h.info().commandLine().orElse("").contains(results.toString()))
        .filter(h -> h.info().commandLine().orElse("").contains("/conf/" + conf))
        .findFirst().orElseThrow(() -> new AssertionError("no node runs with " + conf));
    node.destroyForcibly();
    node.onExit().get(30, TimeUnit.SECONDS);
    return node;
  }

  /**
   * A detached two-node cluster (server start --sut-nodes 2) keeps two copies: an audited run against it stops at
   * the replication check, naming the figure HBase reported. A trial run through the binding properties the server
   * wrote connects instead of starting a server, and cannot restart what it does not own without a command. Server
   * stop then ends every node.
   */
  @Test
  void twoNodesStartedApartFailTheReplicationCheckAndServeATrialRun(@TempDir Path work) throws Exception {
    Path dir = work.resolve("cluster");
    KitProcess.Finished started = KitProcess.run(Files.createDirectories(work.resolve("start")), 10, "server",
        "-b", "hbase", "start", "--sut-nodes", "2", "--dir", dir.toString());
    try {
      assertEquals(0, started.exitCode(), started.stderr());
      assertTrue(started.stderr().contains("node.datanode-2="), started.stderr());
      // The console holds the command's own lines; the HBase client's warnings go to kit.log in the server's folder
      assertFalse(started.stderr().contains("\tat ") || started.stderr().contains(" WARN "),
          "a library's log line or stack trace on the console: " + started.stderr());
      assertTrue(started.stdout().lines().allMatch(l -> l.matches("[A-Za-z.]+=\\S+")),
          "stdout holds the address alone: " + started.stdout());
      assertTrue(Files.readString(dir.resolve("kit.log")).contains(" WARN "), "the HBase client's log is kept");

      Path results = work.resolve("results");
      KitProcess.Finished run = KitProcess.run(Files.createDirectories(work.resolve("run")), 5, "-p", "2", "-k",
          Long.toString(K), "--strict", "--binding-properties", dir.resolve("binding.properties").toString(),
          "--results", results.toString());
      assertEquals(1, run.exitCode(), run.stderr());
      assertEquals(1, run.stderr().lines().count(), "one line: " + run.stderr());
      assertTrue(run.stderr().contains("--strict: replication factor broke its rule (2 (dfs.replication"),
          run.stderr());
      RunResult r = KitProcess.result(KitProcess.onlyRunDir(results));
      assertEquals(RunStatus.ABORTED, r.status());
      CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
      assertFalse(replication.passed());
      assertTrue(replication.why().contains("fewer than 3 copies"), replication.why());
      assertEquals(List.of(), r.iterations(), "nothing was written");

      Path props = dir.resolve("binding.properties");
      Path trialResults = work.resolve("trial");
      KitProcess.Finished trial = KitProcess.run(Files.createDirectories(work.resolve("trial-run")), 8, "-p", "1",
          "-k", "20000", "--binding-properties", props.toString(), "--results", trialResults.toString());
      assertEquals(0, trial.exitCode(), trial.stderr());
      RunResult t = KitProcess.result(KitProcess.onlyRunDir(trialResults));
      assertEquals(RunStatus.COMPLETED, t.status());
      assertTrue(t.sut().contains(props.toString()), "the report names the configured SUT: " + t.sut());
      for (var it : t.iterations()) {
        assertEquals(40_000, it.storedReadings());
      }
      CheckResult restart = t.cleanup().stream().filter(c -> c.name().contains("restarted")).findFirst()
          .orElseThrow();
      assertFalse(restart.passed(), "without sut.restart.command the kit cannot restart an external SUT");
      assertTrue(restart.measured().text().contains("sut.restart.command"));
    } finally {
      KitProcess.Finished stopped = KitProcess.run(Files.createDirectories(work.resolve("stop")), 5, "server",
          "-b", "hbase", "stop", "--dir", dir.toString());
      assertEquals(0, stopped.exitCode(), stopped.stderr());
    }
    assertEquals(List.of(), KitProcess.leftovers(dir.toString()), "server stop ended every node");
  }
}

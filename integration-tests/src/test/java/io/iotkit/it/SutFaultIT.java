package io.iotkit.it;

import static io.iotkit.it.LocalProcesses.awaitLine;
import static io.iotkit.it.LocalProcesses.awaitServerPid;
import static io.iotkit.it.LocalProcesses.instancePid;
import static io.iotkit.it.LocalProcesses.processTree;
import static io.iotkit.it.LocalProcesses.serverPid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import io.iotkit.model.SutOutage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Faults of a running SUT and of a driver instance, on real local servers: a dead or hung SUT ends the run within
 * 30 s of the fault with one line (in an execution or in the master's own calls between them), a dead instance
 * within 10 s, nothing left running; a SUT that pauses for 3 s and comes back does not end it, and the pause is
 * disclosed.
 */
class SutFaultIT {
  private static final long SUT_FAULT_LIMIT_MILLIS = 30_000;
  private static final long INSTANCE_FAULT_LIMIT_MILLIS = 10_000;

  /**
   * The server process itself is killed: the JVM of HBase and Kafka, influxd, PostgreSQL's postmaster (its
   * backends then end on their own), the JVM of the MongoDB wire-protocol emulator, dynalite's node.
   */
  @ParameterizedTest
  @CsvSource({"hbase, io.iotkit.server.hbase", "postgresql, bin/postgres -D"})
  void aKilledLocalServerEndsTheRunWithinThirtySeconds(String binding, String server, @TempDir Path work)
      throws Exception {
    KitProcess k = startAndAwaitWarmup(work, "-b", binding, "-p", "2", "-k", "4000000");
    long pid = serverPid(work, server);
    long millis = faultToExit("kill -9 of the local " + binding, k, signal("-KILL", pid));
    assertAbortedOnSutFault(work, k, millis, "the local server has exited");
  }

  /** The same, for the other stores' servers: the JVM of Kafka and of the emulator, influxd, dynalite's node. */
  @Tag("wide")
  @ParameterizedTest
  @CsvSource({"kafka, io.iotkit.server.kafka", "influxdb, influxd -config", "mongodb, io.iotkit.server.mongodb",
      "dynamodb, dynalite/cli.js"})
  void aKilledLocalServerOfAnyStoreEndsTheRunWithinThirtySeconds(String binding, String server,
                                                                  @TempDir Path work) throws Exception {
    aKilledLocalServerEndsTheRunWithinThirtySeconds(binding, server, work);
  }

  /** The server and every process under it stop (a postmaster alone stopped would leave its backends serving). */
  @ParameterizedTest
  @CsvSource({"postgresql, bin/postgres -D"})
  void aHungSutEndsTheRunWithinThirtySeconds(String binding, String server, @TempDir Path work) throws Exception {
    KitProcess k = startAndAwaitWarmup(work, "-b", binding, "-p", "2", "-k", "4000000");
    List<Long> tree = processTree(serverPid(work, server));
    try {
      long millis = faultToExit("SIGSTOP of the local " + binding, k, signal("-STOP", tree));
      assertAbortedOnSutFault(work, k, millis, "stopped answering");
    } finally {
      signal("-CONT", tree).run(); // the kit killed it; should it not have, let it end
    }
  }

  /** The same, for the other stores' servers. */
  @Tag("wide")
  @ParameterizedTest
  @CsvSource({"kafka, io.iotkit.server.kafka", "influxdb, influxd -config", "mongodb, io.iotkit.server.mongodb",
      "dynamodb, dynalite/cli.js"})
  void aHungSutOfAnyStoreEndsTheRunWithinThirtySeconds(String binding, String server, @TempDir Path work)
      throws Exception {
    aHungSutEndsTheRunWithinThirtySeconds(binding, server, work);
  }

  /**
   * PostgreSQL stops answering (its postmaster and backends stopped) just after the master reached it, while it
   * reads the SUT's settings and replication, before any instance starts: those calls are watched as the
   * executions are, so the run ends within the same bound instead of in the JDBC driver's 600 s socket timeout.
   */
  @Test
  void aSutStoppedWhileTheMasterReadsItEndsTheRunWithinThirtySeconds(@TempDir Path work) throws Exception {
    KitProcess k = KitProcess.startRun(work, "-b", "postgresql", "-p", "1", "-k", "100000");
    // The postmaster found while the kit starts it, so that only its children are looked up once the master has
    // reached it: from "SUT: " to the warmup's first line the master needs well under a second.
    awaitLine(k, "starting or connecting to the SUT");
    long postmaster = awaitServerPid(work, "bin/postgres -D");
    awaitLine(k, "SUT: ");
    List<Long> tree = processTree(postmaster);
    try {
      long millis = faultToExit("SIGSTOP of the local postgresql as the master reads it", k, signal("-STOP", tree));
      assertAbortedOnSutFault(work, k, millis, "stopped answering");
      assertFalse(Files.readString(k.stdout).contains("iteration 1: warmup"), "the fault came before the warmup");
    } finally {
      signal("-CONT", tree).run();
    }
  }

  /**
   * HBase is killed as the warmup's instances start, before they are ready at the barrier: their store clients
   * would retry for minutes, and the master's watch ends the run instead.
   */
  @Test
  void aSutKilledWhileTheInstancesStartEndsTheRunWithinThirtySeconds(@TempDir Path work) throws Exception {
    KitProcess k = KitProcess.startRun(work, "-b", "hbase", "-p", "2", "-k", "600000");
    awaitLine(k, "iteration 1: warmup ...");
    long pid = serverPid(work, "io.iotkit.server.hbase");
    long millis = faultToExit("kill -9 of the local hbase as the instances start", k, signal("-KILL", pid));
    assertAbortedOnSutFault(work, k, millis, "the local server has exited");
  }

  /**
   * The launcher JVM of a native server is killed outright: influxd, which it started, does not outlive it (a
   * watcher beside it ends it within about a second), and the run ends on its dead SUT, leaving nothing behind.
   */
  @Test
  void aKilledLauncherTakesItsServerWithIt(@TempDir Path work) throws Exception {
    KitProcess k = startAndAwaitWarmup(work, "-b", "influxdb", "-p", "1", "-k", "1000000");
    long launcher = serverPid(work, "io.iotkit.server.influxdb");
    ProcessHandle influxd = ProcessHandle.of(serverPid(work, "influxd -config")).orElseThrow();
    long t0 = System.nanoTime();
    long millis = faultToExit("kill -9 of influxd's launcher", k, () -> {
      signal("-KILL", launcher).run();
      while (influxd.isAlive() && System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10)) {
        Thread.sleep(20);
      }
      System.out.println("influxd outlived its launcher by "
          + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms");
      assertFalse(influxd.isAlive(), "influxd outlived its killed launcher by 10 s");
    });
    assertAbortedOnSutFault(work, k, millis, "the local server has exited");
  }

  /**
   * The SUT hangs while the master counts the data check's readings (dynalite counts 200,000 items in some 2 s, so
   * the stop lands in the count): the master's own calls on the store are watched as the executions are.
   */
  @Tag("wide")
  @Test
  void aSutThatHangsInTheDataCheckEndsTheRunWithinThirtySeconds(@TempDir Path work) throws Exception {
    KitProcess k = KitProcess.startRun(work, "-b", "dynamodb", "-p", "2", "-k", "100000");
    awaitLine(k, "iteration 1: data check ...");
    List<Long> tree = processTree(serverPid(work, "dynalite/cli.js"));
    try {
      long millis = faultToExit("SIGSTOP of the local dynamodb in the data check", k, signal("-STOP", tree));
      assertAbortedOnSutFault(work, k, millis, "stopped answering");
    } finally {
      signal("-CONT", tree).run();
    }
  }

  @Tag("wide")
  @Test
  void aThreeSecondPauseIsDisclosedNotFatal(@TempDir Path work) throws Exception {
    // 100,000 kvps an execution: some 7 s on this kind of machine, and the pause comes in its first seconds
    KitProcess k = startAndAwaitWarmup(work, "-b", "kafka", "-p", "2", "-k", "100000");
    long pid = serverPid(work, "io.iotkit.server.kafka");
    signal("-STOP", pid).run();
    Thread.sleep(3_000);
    signal("-CONT", pid).run();
    KitProcess.CompletedRun run = k.completed(work);
    KitProcess.assertExactDataChecks(run.result(), 100_000);
    List<SutOutage> outages = run.result().sutOutages();
    assertEquals(1, outages.size(), "one outage: " + outages);
    SutOutage o = outages.get(0);
    assertEquals("iteration 1 warmup", o.phase());
    assertTrue(o.seconds() >= 2.0 && o.seconds() < 8.0, "the outage lasted about the pause: " + o.seconds() + " s");
    assertTrue(run.process().stdout().contains("SUT outage in iteration 1 warmup"), run.process().stdout());
    assertTrue(Files.readString(run.runDir().resolve("report.html")).contains("id=\"sut-outages\""));
  }

  /**
   * The local server's disk fills (a 300 MB filesystem made for the test, where HBase keeps several times each
   * reading's bytes): the run ends with one line that names the full disk. Mounting it needs root; skipped
   * elsewhere.
   */
  @Test
  void aFullDiskIsNamedWhenItEndsTheRun(@TempDir Path work) throws Exception {
    Path disk = Files.createDirectories(work.resolve("small-disk"));
    Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=300m", "tmpfs", disk.toString())
        .redirectErrorStream(true).start();
    String said = new String(mount.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    Assumptions.assumeTrue(mount.waitFor() == 0, "a 300 MB filesystem could not be made: " + said);
    try {
      KitProcess.Finished f = KitProcess.run(work, 5, "-p", "1", "-k", "100000", "--results", disk.toString());
      assertEquals(1, f.exitCode(), f.stderr());
      String err = f.stderr().strip();
      assertEquals(1, err.lines().count(), "one line: " + err);
      // full when the run ended, or seen full while it ran (HBase's cleaners may free space before its silence ends it)
      assertTrue(err.contains("run aborted") && err.contains("the disk of " + disk)
          && (err.contains(" is full (") || err.contains(" was full at ")), err);
      System.out.println("SutFaultIT, a full disk: " + err);
      assertEquals(List.of(), KitProcess.leftovers(disk.toString()), "nothing left running");
    } finally {
      new ProcessBuilder("umount", "-l", disk.toString()).start().waitFor();
    }
  }

  @Test
  void aKilledInstanceEndsTheRunWithinTenSeconds(@TempDir Path work) throws Exception {
    KitProcess k = startAndAwaitWarmup(work, "-b", "null", "-p", "2", "-k", "2000000000");
    long millis = faultToExit("kill -9 of a driver instance", k, signal("-KILL", instancePid(work)));
    assertTrue(millis < INSTANCE_FAULT_LIMIT_MILLIS, "the kit ended " + millis + " ms after the instance died");
    assertEquals(1, k.process.exitValue());
    String err = Files.readString(k.stderr).strip();
    assertEquals(1, err.lines().count(), "one line: " + err);
    assertTrue(err.contains("driver instance") && err.contains("failed"), err);
    assertNothingLeft(work);
  }

  private static KitProcess startAndAwaitWarmup(Path work, String... args) throws Exception {
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(List.of("--progress-interval", "1"));
    KitProcess k = KitProcess.startRun(work, all.toArray(String[]::new));
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    while (!Files.readString(k.stdout).contains("iteration 1: warmup ...")) {
      assertTrue(k.process.isAlive(), "the kit ended early: " + Files.readString(k.stderr));
      assertTrue(System.nanoTime() < deadline, "the warmup never started");
      Thread.sleep(200);
    }
    // the instances are up and writing once the progress shows readings
    while (!Files.readString(k.stdout).matches("(?s).*warmup +\\d+% [1-9][\\d,]*/.*")) {
      assertTrue(k.process.isAlive(), "the kit ended early: " + Files.readString(k.stderr));
      assertTrue(System.nanoTime() < deadline, "the warmup never wrote");
      Thread.sleep(200);
    }
    return k;
  }

  /** Runs the fault and returns the ms from it to the kit's exit (the test fails after two minutes). */
  private static long faultToExit(String what, KitProcess k, Fault fault) throws Exception {
    long t0 = System.nanoTime();
    fault.run();
    if (!k.process.waitFor(2, TimeUnit.MINUTES)) {
      k.process.descendants().forEach(ProcessHandle::destroyForcibly); // nothing of it may outlive the test
      k.process.destroyForcibly();
      throw new AssertionError("the kit did not end within 2 minutes of the fault");
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    System.out.println(what + " to the kit's exit: " + millis + " ms");
    return millis;
  }

  private static void assertAbortedOnSutFault(Path work, KitProcess k, long millis, String cause) throws Exception {
    assertTrue(millis < SUT_FAULT_LIMIT_MILLIS, "the kit ended " + millis + " ms after the SUT's fault");
    assertEquals(1, k.process.exitValue());
    String err = Files.readString(k.stderr).strip();
    assertEquals(1, err.lines().count(), "one line: " + err);
    assertTrue(err.contains("run aborted") && err.contains(cause), err);
    assertFalse(Files.readString(k.stdout).contains("\tat "), "no stack trace on the console");
    Path runDir = KitProcess.onlyRunDir(work.resolve("results"));
    RunResult r = KitProcess.result(runDir);
    assertEquals(RunStatus.ABORTED, r.status());
    assertTrue(r.abortReason().contains(cause), r.abortReason());
    assertNothingLeft(work);
  }

  private static void assertNothingLeft(Path work) throws Exception {
    KitProcess.assertNothingLeft(KitProcess.onlyRunDir(work.resolve("results")), 10);
  }

  private interface Fault {
    void run() throws Exception;
  }

  private static Fault signal(String signal, long pid) {
    return signal(signal, List.of(pid));
  }

  private static Fault signal(String signal, List<Long> pids) {
    return () -> LocalProcesses.signal(signal, pids);
  }
}

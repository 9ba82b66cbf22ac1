package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.DriverHostResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.KitLayout;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Driver instances on two hosts over a real sshd (127.0.0.2 and 127.0.0.3, one kit folder each, shipped by the
 * kit) with a SUT node sampled over ssh (127.0.0.4): the whole protocol, a remote instance killed mid-run, and
 * hosts the kit cannot use.
 */
class ManyHostsIT {
  @TempDir
  static Path shared;
  private static Sshd sshd;

  @BeforeAll
  static void startSshd() throws Exception {
    sshd = Sshd.start(shared.resolve("sshd"));
  }

  @AfterAll
  static void stopSshd() {
    if (sshd != null) {
      sshd.close();
    }
  }

  private static Path hostList(Path work, Path kits, String extra) throws Exception {
    Path file = work.resolve("hosts.txt");
    Files.writeString(file, sshd.hostList(kits, extra));
    return file;
  }

  private static String[] args(Path hosts, String... more) {
    List<String> all = new java.util.ArrayList<>(List.of("--hosts", hosts.toString(), "--ssh-config",
        sshd.clientConfig().toString()));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  /**
   * Two driver hosts and, as a third name of this machine, a node of the SUT that the master samples over ssh: its
   * busy CPU read over ssh must agree with the master's own /proc for the same seconds.
   */
  @Tag("wide")
  @Test
  void wholeProtocolOverTwoHosts(@TempDir Path work) throws Exception {
    long k = 40_000;
    Path kits = work.resolve("kits");
    String sut = Sshd.SUT_ADDRESS + ":" + sshd.port;
    Path list = hostList(work, kits, "");
    Files.writeString(list, sut + " sut\n", java.nio.file.StandardOpenOption.APPEND);
    KitProcess.CompletedRun run = KitProcess.runToCompletion(work, args(list, "--ship",
        "-b", "kafka", "-p", "4", "-k", Long.toString(k)));
    RunResult r = run.result();
    KitProcess.assertExactDataChecks(r, k);

    assertEquals(2, r.driverHosts().size());
    for (int h = 0; h < 2; h++) {
      DriverHostResult host = r.driverHosts().get(h);
      assertEquals(Sshd.ADDRESSES.get(h) + ":" + sshd.port, host.name());
      assertEquals(List.of(h, h + 2), host.instances(), "instances dealt round robin");
      assertEquals(kits.resolve(Sshd.ADDRESSES.get(h)).toString(), host.kitHome());
      assertTrue(Math.abs(host.clockOffsetMicros()) + host.clockErrorMicros() < 100_000,
          "one machine's clock against itself: " + host);
      assertTrue(host.environment() != null && host.environment().jvm() != null, "the host probe's environment");
      CheckResult files = KitProcess.check(r.prerequisites(), "file check on " + host.name());
      assertTrue(files.passed(), files.line());
      assertTrue(Files.size(run.runDir().resolve("hosts").resolve(host.name().replace(':', '_'))
          .resolve("kit-files.sha256")) > 0, "the host's digests are kept");
      Path shipped = kits.resolve(Sshd.ADDRESSES.get(h));
      assertTrue(Files.isRegularFile(shipped.resolve("kit-instance/target/kit-instance.jar")),
          "--ship copied the instance's jars to the host's own folder");
      assertFalse(Files.exists(shipped.resolve("kit-driver")), "--ship copies nothing of the master");
    }
    assertTrue(KitProcess.check(r.prerequisites(), "driver host clocks").passed());
    for (IterationResult it : r.iterations()) {
      assertEquals(4, it.measured().instances().size());
      Path dir = run.runDir().resolve("iteration-" + it.number()).resolve("measured");
      for (int i = 0; i < 4; i++) {
        for (String file : List.of(".result.json", ".hlog", ".log", ".spec.json")) {
          assertTrue(Files.isRegularFile(dir.resolve("instance-" + i + file)), "instance-" + i + file);
        }
        assertTrue(Files.readString(dir.resolve("instance-" + i + ".hlog")).contains("Tag=insert"),
            "the interval log came over the control channel");
      }
    }
    String fdr = Files.readString(run.runDir().resolve("fdr.md"));
    assertTrue(fdr.contains("| " + Sshd.ADDRESSES.get(1) + ":" + sshd.port + " | 1, 3 |"), "the FDR lists the driver hosts");
    String html = Files.readString(run.runDir().resolve("report.html"));
    assertTrue(html.contains("id=\"driver-hosts\"") && html.contains(Sshd.ADDRESSES.get(0) + ":" + sshd.port),
        "the HTML report lists them too");
    assertEquals(List.of(), KitProcess.leftovers(kits.toString()), "nothing left running on the hosts");
    assertSampledOverSsh(run, sut);
  }

  private static void assertSampledOverSsh(KitProcess.CompletedRun run, String sut) throws Exception {
    for (IterationResult it : run.result().iterations()) {
      var hosts = it.measured().resources().hosts();
      var node = hosts.stream().filter(h -> h.host().equals(sut)).findFirst().orElseThrow(() ->
          new AssertionError("no usage of " + sut + " among " + hosts.stream().map(h -> h.host()).toList()));
      assertEquals(List.of("sut"), node.roles());
      int seconds = it.measured().series().length();
      assertTrue(seconds >= 2, "a phase of " + seconds + " s");
      assertEquals(seconds, node.seconds(), "one element per second of the phase");
      assertTrue(java.util.Arrays.stream(node.cpuBusy()).anyMatch(c -> c > 0), "the kit's own work shows");
      // the SUT host is this machine: its busy CPU over ssh and the master's from /proc cover the same seconds
      var master = hosts.stream().filter(h -> h.roles().contains("master")).findFirst().orElseThrow();
      double overSsh = java.util.Arrays.stream(node.cpuBusy()).sum();
      double local = java.util.Arrays.stream(master.cpuBusy()).sum();
      System.out.printf("iteration %d: %d s; busy CPU s over ssh %.2f, from the master's /proc %.2f%n",
          it.number(), seconds, overSsh, local);
      assertTrue(Math.abs(overSsh - local) <= 0.1 * local, "one machine read two ways: " + overSsh + " vs " + local);
      assertTrue(node.memTotalBytes() > 0 && node.memUsedBytes()[0] > 0);
      assertTrue(it.measured().resources().processes().stream().noneMatch(p -> p.host().equals(sut)),
          "no processes: the kit does not know a SUT node's pids");
    }
    assertTrue(Files.readString(run.runDir().resolve("fdr.md")).contains("host " + sut + " (sut)"),
        "the FDR's resource table lists it");
    assertTrue(Files.readString(run.runDir().resolve("report.html")).contains("CPU of " + sut + " (sut)"),
        "the HTML report charts it");
  }

  @Tag("wide")
  @Test
  void aRemoteInstanceKilledEndsTheRunWithinTenSeconds(@TempDir Path work) throws Exception {
    Path kits = work.resolve("kits");
    Path results = work.resolve("results");
    KitProcess kit = KitProcess.start(work, args(hostList(work, kits, ""), "--ship", "-b", "null", "-p", "2",
        "-k", "40000000", "--results", results.toString()));
    String remote = kits.resolve(Sshd.ADDRESSES.get(1)).toString();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
    List<ProcessHandle> victims = List.of();
    while (victims.isEmpty() || !Files.readString(kit.stdout).contains("warmup ...")) {
      assertTrue(kit.process.isAlive(), "the kit ended early: " + Files.readString(kit.stderr));
      assertTrue(System.nanoTime() < deadline, "no remote instance started");
      Thread.sleep(200);
      victims = instances(remote);
    }
    Thread.sleep(3_000); // it inserts
    long killed = System.nanoTime();
    victims.get(0).destroyForcibly(); // kill -9
    assertTrue(kit.process.waitFor(60, TimeUnit.SECONDS), "the kit ends");
    double seconds = (System.nanoTime() - killed) / 1e9;
    System.out.printf("remote instance killed: the kit exited %.1f s later%n", seconds);
    assertTrue(seconds <= 10, "noticed within 10 s, took " + seconds);
    assertEquals(1, kit.process.exitValue(), Files.readString(kit.stderr));
    RunResult r = KitProcess.result(KitProcess.onlyRunDir(results));
    assertEquals(RunStatus.ABORTED, r.status());
    assertTrue(r.abortReason().contains("driver instance 1 failed"), r.abortReason());
    long gone = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!KitProcess.leftovers(kits.toString()).isEmpty() && System.nanoTime() < gone) {
      Thread.sleep(200);
    }
    assertEquals(List.of(), KitProcess.leftovers(kits.toString()), "no instance left on any host");
  }

  private static List<ProcessHandle> instances(String kitDir) {
    return ProcessHandle.allProcesses().filter(h -> h.info().commandLine().orElse("").contains(kitDir)
        && h.info().commandLine().orElse("").contains("io.iotkit.instance.InstanceMain")
        && !h.info().command().orElse("").endsWith("ssh")).toList();
  }

  @Test
  void hostsTheKitCannotUseAreOneLineAndExitTwo(@TempDir Path work) throws Exception {
    Path list = work.resolve("unreachable.txt");
    Files.writeString(list, "127.0.0.2:1 kit=" + work.resolve("kit") + "\n");
    KitProcess.Finished f = KitProcess.run(work, 3, args(list, "-b", "null", "-p", "2", "-k", "1000",
        "--results", work.resolve("r1").toString()));
    assertEquals(2, f.exitCode(), f.stderr());
    assertOneLine(f.stderr(), "driver host 127.0.0.2:1: cannot log in over ssh");
    assertFalse(Files.exists(KitProcess.onlyRunDir(work.resolve("r1")).resolve("iteration-1")), "no data written");

    KitProcess.Finished noKit = KitProcess.run(work, 3, args(hostList(work, work.resolve("nowhere"), ""),
        "-b", "null", "-p", "2", "-k", "1000", "--results", work.resolve("r2").toString()));
    assertEquals(2, noKit.exitCode(), noKit.stderr());
    assertOneLine(noKit.stderr(), "no kit at " + work.resolve("nowhere"));

    Path noSut = work.resolve("no-sut.txt");
    Files.writeString(noSut, Sshd.ADDRESSES.get(0) + ":" + sshd.port + " kit=" + work.resolve("kit")
        + "\n127.0.0.3:1 sut\n");
    KitProcess.Finished f3 = KitProcess.run(work, 3, args(noSut, "-b", "null", "-p", "1", "-k", "1000",
        "--results", work.resolve("r3").toString()));
    assertEquals(2, f3.exitCode(), f3.stderr());
    assertOneLine(f3.stderr(), "SUT host 127.0.0.3:1: cannot log in over ssh");
  }

  @Tag("wide")
  @Test
  void aChangedKitFileOnOneHostFailsItsFileCheck(@TempDir Path work) throws Exception {
    Path kits = work.resolve("kits");
    KitLayout kit = new KitLayout(KitProcess.HOME);
    for (String host : Sshd.ADDRESSES) { // the kit copied to each host by hand
      for (String f : kit.driverHostFiles("null")) {
        Path to = kits.resolve(host).resolve(f);
        Files.createDirectories(to.getParent());
        Files.copy(kit.home().resolve(f), to, StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    Files.writeString(kits.resolve(Sshd.ADDRESSES.get(1)).resolve("bin/tpcx-iot.sh"), "# changed\n",
        java.nio.file.StandardOpenOption.APPEND);
    Path results = work.resolve("results");
    KitProcess.Finished f = KitProcess.run(work, 3, args(hostList(work, kits, ""), "--strict", "-b", "null",
        "-p", "2", "-k", "1000", "--results", results.toString()));
    assertEquals(1, f.exitCode(), f.stderr());
    String changedHost = Sshd.ADDRESSES.get(1) + ":" + sshd.port;
    assertOneLine(f.stderr(), "file check on " + changedHost);
    assertTrue(f.stderr().contains("bin/tpcx-iot.sh"), "names the file: " + f.stderr());
    RunResult r = KitProcess.result(KitProcess.onlyRunDir(results));
    assertTrue(KitProcess.check(r.prerequisites(), "file check on " + Sshd.ADDRESSES.get(0)).passed());
    assertFalse(KitProcess.check(r.prerequisites(), "file check on " + changedHost).passed());
    assertTrue(r.iterations().isEmpty(), "aborted before any data");
  }

  private static void assertOneLine(String stderr, String contains) {
    List<String> lines = stderr.lines().filter(l -> !l.isBlank()).toList();
    assertEquals(1, lines.size(), "one line: " + stderr);
    assertTrue(lines.get(0).contains(contains), lines.get(0));
  }
}

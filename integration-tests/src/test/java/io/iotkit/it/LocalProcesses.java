package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The processes of a run the tests start on this machine, found by command line, and signals sent to them. */
final class LocalProcesses {
  private LocalProcesses() {
  }

  /** The pid of a process of the run in {@code work/results} whose command line holds {@code commandPart}. */
  static Optional<Long> pidOf(Path work, String commandPart) throws Exception {
    String runDir = KitProcess.onlyRunDir(work.resolve("results")).toString();
    return ProcessHandle.allProcesses()
        .filter(h -> h.info().commandLine().map(c -> c.contains(commandPart) && c.contains(runDir)).orElse(false))
        .map(ProcessHandle::pid).findFirst();
  }

  /** The pid of this run's local server process, the one whose command line holds {@code commandPart}. */
  static long serverPid(Path work, String commandPart) throws Exception {
    return pidOf(work, commandPart).orElseThrow(() -> new AssertionError("no local server " + commandPart));
  }

  /** Waits (at most 5 minutes, looking every 20 ms) until this run's local server process exists; its pid. */
  static long awaitServerPid(Path work, String commandPart) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    Optional<Long> pid = Optional.empty();
    while (pid.isEmpty()) {
      assertTrue(System.nanoTime() < deadline, "no local server " + commandPart + " after 5 minutes");
      Thread.sleep(20);
      pid = Files.isDirectory(work.resolve("results")) ? pidOf(work, commandPart) : Optional.empty();
    }
    return pid.get();
  }

  static long instancePid(Path work) throws Exception {
    return pidOf(work, "io.iotkit.instance.InstanceMain").orElseThrow(() -> new AssertionError("no instance"));
  }

  /** The process and every process under it. */
  static List<Long> processTree(long pid) {
    List<Long> tree = new ArrayList<>(List.of(pid));
    ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> tree.add(d.pid())));
    return tree;
  }

  /** Sends {@code signal} (e.g. "-KILL") to every one of {@code pids} with kill(1), and waits for kill to end. */
  static void signal(String signal, List<Long> pids) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("kill", signal));
    pids.forEach(p -> cmd.add(Long.toString(p)));
    new ProcessBuilder(cmd).start().waitFor();
  }

  /** Waits (at most 5 minutes, looking every 20 ms) until the kit has printed {@code line}. */
  static void awaitLine(KitProcess k, String line) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    while (!Files.readString(k.stdout).contains(line)) {
      assertTrue(k.process.isAlive(), "the kit ended early: " + Files.readString(k.stderr));
      assertTrue(System.nanoTime() < deadline, "the kit never printed '" + line + "'");
      Thread.sleep(20);
    }
  }
}

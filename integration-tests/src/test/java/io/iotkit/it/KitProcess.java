package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Json;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import io.iotkit.result.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Runs bin/tpcx-iot.sh as a user would, and reads what it printed and wrote. */
final class KitProcess {
  static final Path HOME = Path.of(System.getProperty("kit.home", "..")).toAbsolutePath().normalize();

  final Process process;
  final Path stdout;
  final Path stderr;

  private KitProcess(Process process, Path stdout, Path stderr) {
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  static KitProcess start(Path workDir, String... args) throws IOException {
    return start(workDir, List.of(), args);
  }

  /**
   * Starts the kit as a terminal would, with SIGINT handled by default whatever this test inherited: a JVM keeps
   * ignoring SIGINT when it starts ignoring it, as everything started in the background of a script does, and
   * then Ctrl-C cannot reach it.
   */
  static KitProcess startReachableByCtrlC(Path workDir, String... args) throws IOException {
    return start(workDir, List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die \"exec: $!\"", "--"),
        args);
  }

  private static KitProcess start(Path workDir, List<String> prefix, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(prefix);
    cmd.add(HOME.resolve("bin/tpcx-iot.sh").toString());
    cmd.addAll(List.of(args));
    Path out = workDir.resolve("stdout.txt");
    Path err = workDir.resolve("stderr.txt");
    Process p = new ProcessBuilder(cmd).directory(workDir.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    return new KitProcess(p, out, err);
  }

  /** Runs the kit to its end (at most {@code minutes}) and returns its exit code. */
  static Finished run(Path workDir, int minutes, String... args) throws Exception {
    return start(workDir, args).finish(minutes, args[0]);
  }

  /** Waits at most {@code minutes} for the kit to end; kills it and fails the test if it does not. */
  Finished finish(int minutes, String what) throws Exception {
    if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
      String lastLine = lastLine(stdout);
      String where = HungKit.dumpThreads(process, stdout.resolveSibling("threads-at-timeout.txt"));
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      // the kit's last console line says which step hung; CI shows the first line of this message
      throw new AssertionError("the kit did not finish within " + minutes + " minutes: " + what
          + "; its last line: " + lastLine + "; the master's main thread: " + where);
    }
    return new Finished(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
  }

  private static String lastLine(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "(none)" : lines.get(lines.size() - 1).strip();
  }

  /** A run that completed: what the process printed, its run folder and its result. */
  record CompletedRun(Finished process, Path runDir, RunResult result) {
  }

  /**
   * Runs the kit with {@code args} (results into {@code work/results}, at most 10 minutes) and asserts that it
   * completed both iterations.
   */
  static CompletedRun runToCompletion(Path work, String... args) throws Exception {
    return startRun(work, args).completed(work);
  }

  /**
   * The last lines of every instance's log, every driver host's ssh log and the local server's log under
   * {@code results}: why an instance or the server ended, when one did.
   */
  static String logTails(Path results) {
    StringBuilder sb = new StringBuilder();
    try (var logs = Files.walk(results)) {
      // a server that exits before it serves says why in its log, in a folder the test's temporary directory
      // takes with it
      List<Path> all = logs.filter(p -> p.getFileName().toString()
          .matches("instance-\\d+\\.log|ssh\\.log|[a-z0-9]+-server\\.log")).sorted().toList();
      for (Path log : all) {
        List<String> lines = Files.readAllLines(log);
        int tail = log.getFileName().toString().endsWith("-server.log") ? 40 : 15;
        sb.append("\n--- ").append(results.relativize(log)).append(" (last lines) ---\n")
            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - tail), lines.size())));
      }
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      sb.append("\n(logs unreadable: ").append(e.getMessage()).append(')');
    }
    return sb.toString();
  }

  /** Starts a run with {@code args}, its results going into {@code work/results}. */
  static KitProcess startRun(Path work, String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--results", work.resolve("results").toString()));
    return start(work, all.toArray(String[]::new));
  }

  /** Waits (at most 10 minutes) for a run {@link #startRun} began, and asserts it completed both iterations. */
  CompletedRun completed(Path work) throws Exception {
    Finished f = finish(10, "run");
    assertEquals(0, f.exitCode(), () -> f.stderr() + "\n--- the kit's output (last lines) ---\n"
        + String.join("\n", f.stdout().lines().skip(Math.max(0, f.stdout().lines().count() - 25)).toList())
        + logTails(work.resolve("results")));
    Path runDir = onlyRunDir(work.resolve("results"));
    RunResult r = result(runDir);
    assertEquals(RunStatus.COMPLETED, r.status(), r.abortReason());
    assertEquals(2, r.iterations().size());
    return new CompletedRun(f, runDir, r);
  }

  /**
   * The local server's store files are gone from the run folder's sut/ once the run ended; its configuration and
   * logs are still there.
   */
  static void assertStoreFilesDeleted(Path runDir, List<String> gone, List<String> kept) {
    Path sut = runDir.resolve("sut");
    for (String g : gone) {
      assertFalse(Files.exists(sut.resolve(g)), "store files left in the run folder: sut/" + g);
    }
    for (String k : kept) {
      assertTrue(Files.exists(sut.resolve(k)), "the server's configuration and logs stay: sut/" + k);
    }
  }

  /**
   * The data check of each iteration was exact: warmup and measured run each had all {@code kvps} acknowledged,
   * the SUT held exactly those, and the check passed.
   */
  static void assertExactDataChecks(RunResult r, long kvps) {
    for (IterationResult it : r.iterations()) {
      long written = it.warmup().acknowledged() + it.measured().acknowledged();
      assertEquals(2 * kvps, written, "every kvp of warmup and measured run acknowledged");
      assertEquals(written, it.storedReadings(), "the SUT holds exactly what the iteration wrote");
      assertTrue(check(it.checks(), "data check").passed());
    }
  }

  /** The check whose name contains {@code nameContains}. */
  static CheckResult check(List<CheckResult> checks, String nameContains) {
    return checks.stream().filter(c -> c.name().contains(nameContains)).findFirst()
        .orElseThrow(() -> new AssertionError("no check named " + nameContains + " in " + checks));
  }

  /** What a finished kit process left. */
  record Finished(int exitCode, String stdout, String stderr) {
  }

  /** The one run folder under {@code results}. */
  static Path onlyRunDir(Path results) throws IOException {
    try (Stream<Path> dirs = Files.list(results)) {
      List<Path> all = dirs.filter(Files::isDirectory).toList();
      if (all.size() != 1) {
        throw new AssertionError("expected one run folder in " + results + ", found " + all);
      }
      return all.get(0);
    }
  }

  static RunResult result(Path runDir) throws IOException {
    return Json.read(runDir.resolve(RunFolder.RESULT), RunResult.class);
  }

  /** Asserts that, within {@code seconds}, no instance or server of the run in {@code runDir} is left running. */
  static void assertNothingLeft(Path runDir, int seconds) throws InterruptedException {
    long gone = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    List<String> left = leftovers(runDir.toString());
    while (!left.isEmpty() && System.nanoTime() < gone) {
      Thread.sleep(200);
      left = leftovers(runDir.toString());
    }
    assertEquals(List.of(), left, "no instance or server outlives the kit");
  }

  /**
   * Processes of the kit still alive whose command line mentions {@code marker} (e.g. a run folder): driver
   * instances, local server launchers (io.iotkit.server.*) and the servers they run (mariadbd, postgres, influxd,
   * dynalite).
   */
  static List<String> leftovers(String marker) {
    return ProcessHandle.allProcesses()
        .filter(ProcessHandle::isAlive)
        .map(h -> h.info().commandLine().orElse(""))
        .filter(c -> c.contains(marker) && (c.contains("io.iotkit.instance.InstanceMain")
            || c.contains("io.iotkit.server.") || c.contains("mariadbd")
            || c.contains("bin/postgres ") || c.contains("influxd -config") || c.contains("dynalite/cli.js")))
        .toList();
  }
}

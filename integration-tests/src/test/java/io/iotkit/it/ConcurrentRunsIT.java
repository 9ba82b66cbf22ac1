package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs started at once on one kit checkout, into one results folder, each work apart: each its own run folder
 * (even when they start in the same second), each Kafka run its own local broker (its own pids and ports, its
 * data in its own run folder), and every one completes with exact data checks.
 */
@Tag("wide")
class ConcurrentRunsIT {
  private static final long KVPS = 2_000;
  private static final Pattern PID = Pattern.compile("pid (\\d+)");

  @Test
  void runsStartedAtOnceEachHaveTheirOwnFolderAndServer(@TempDir Path work) throws Exception {
    Path results = work.resolve("results");
    String[] kafka = {"-b", "kafka", "-p", "1", "-k", Long.toString(KVPS), "--results", results.toString()};
    String[] sink = {"-b", "null", "-p", "1", "-k", Long.toString(KVPS), "--results", results.toString()};
    List<KitProcess> runs = new ArrayList<>();
    for (String[] args : List.of(kafka, kafka, sink)) {
      Path own = Files.createDirectories(work.resolve("run-" + runs.size())); // its stdout and stderr
      runs.add(KitProcess.start(own, args));
    }

    Set<Path> folders = new HashSet<>();
    List<RunResult> kafkaRuns = new ArrayList<>();
    List<Set<String>> brokerPorts = new ArrayList<>();
    for (KitProcess run : runs) {
      KitProcess.Finished f = run.finish(10, "concurrent run");
      assertEquals(0, f.exitCode(), f.stderr());
      Matcher folder = Pattern.compile("(?m)^run folder: (.+)$").matcher(f.stdout());
      assertTrue(folder.find(), f.stdout());
      Path runDir = Path.of(folder.group(1));
      assertTrue(folders.add(runDir), "two runs wrote " + runDir);
      RunResult r = KitProcess.result(runDir);
      assertEquals(RunStatus.COMPLETED, r.status(), r.abortReason());
      assertEquals(2, r.iterations().size());
      if (r.inputs().binding().equals("kafka")) {
        KitProcess.assertExactDataChecks(r, KVPS);
        kafkaRuns.add(r);
        brokerPorts.add(ports(runDir.resolve("sut")));
      }
    }
    try (Stream<Path> made = Files.list(results)) {
      assertEquals(folders, Set.copyOf(made.toList()), "one folder per run, nothing else");
    }

    assertEquals(2, kafkaRuns.size());
    assertTrue(brokerPorts.get(1).stream().noneMatch(brokerPorts.get(0)::contains),
        "the two Kafka runs' brokers shared a port: " + brokerPorts);
    Set<String> first = brokerPids(kafkaRuns.get(0));
    Set<String> second = brokerPids(kafkaRuns.get(1));
    System.out.println("run folders " + folders + "; Kafka broker ports " + brokerPorts + ", pids " + first + " and "
        + second);
    assertEquals(2, first.size(), "the broker before and after the cleanup's restart: " + first);
    assertTrue(second.stream().noneMatch(first::contains), "one broker served both runs: " + first + " " + second);
  }

  /** The pids of the run's local broker, before and after the cleanup's restart, as the restart check says. */
  private static Set<String> brokerPids(RunResult r) {
    CheckResult restart = KitProcess.check(r.cleanup(), "SUT restarted");
    Set<String> pids = new HashSet<>();
    Matcher m = PID.matcher(restart.measured().text());
    while (m.find()) {
      pids.add(m.group(1));
    }
    return pids;
  }

  /** The ports the local Kafka of a run picked (its ports file, in the run's sut folder). */
  private static Set<String> ports(Path sut) throws Exception {
    Path file;
    try (Stream<Path> files = Files.walk(sut)) {
      file = files.filter(p -> p.getFileName().toString().equals("ports.properties")).findFirst()
          .orElseThrow(() -> new AssertionError("no ports.properties under " + sut));
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    assertNotEquals(0, p.size());
    Set<String> ports = new HashSet<>();
    p.stringPropertyNames().forEach(k -> ports.add(p.getProperty(k)));
    return ports;
  }
}

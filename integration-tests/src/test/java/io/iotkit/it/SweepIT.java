package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.RunResult;
import io.iotkit.report.HeadlessChromium;
import io.iotkit.result.RunFolder;
import io.iotkit.study.PointState;
import io.iotkit.study.Study;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sweep} over P = 1, 2 on the local MariaDB (the quickest real server to start; the sweep is the same for
 * every binding): stopped while P=2 runs, then run again with the same command,
 * it runs only P=2 and leaves P=1's run untouched; the study folder ends with study.json, the table as text and
 * CSV, and a page whose every chart draws in Chromium.
 */
class SweepIT {
  private static final String[] SWEEP = {"sweep", "-b", "mysql", "-p", "1,2", "--kvps-per-substation", "5000",
      "--study"};

  private static String[] sweep(Path study) {
    String[] args = java.util.Arrays.copyOf(SWEEP, SWEEP.length + 1);
    args[SWEEP.length] = study.toString();
    return args;
  }

  @Test
  void aStoppedStudyResumesWithOnlyItsMissingPoint(@TempDir Path work) throws Exception {
    Path study = work.resolve("study");
    Path runs = study.resolve(Study.RUNS);
    KitProcess first = KitProcess.start(Files.createDirectories(work.resolve("first")), sweep(study));
    // stop the study once P=2's run has made its folder
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(6);
    while (!(Files.readString(first.stdout).contains("[2/2] P=2: started") && folders(runs).size() == 2)) {
      assertTrue(first.process.isAlive(), "the sweep ended before P=2 ran: " + Files.readString(first.stdout)
          + Files.readString(first.stderr));
      assertTrue(System.nanoTime() < deadline, "P=2 did not start in time");
      Thread.sleep(200);
    }
    first.process.destroy();
    assertTrue(first.process.waitFor(60, TimeUnit.SECONDS), "the sweep stops on SIGTERM");
    assertNotEquals(0, first.process.exitValue());
    KitProcess.assertNothingLeft(study, 60);
    List<PointState> stopped = Study.read(study).points();
    assertEquals(PointState.Status.DONE, stopped.get(0).status());
    assertEquals(PointState.Status.RUNNING, stopped.get(1).status(), "stopped while P=2 ran");
    Path p1 = study.resolve(stopped.get(0).runFolder());
    byte[] p1Result = Files.readAllBytes(p1.resolve(RunFolder.RESULT));

    KitProcess.Finished again = KitProcess.run(Files.createDirectories(work.resolve("again")), 6, sweep(study));
    assertEquals(0, again.exitCode(), again.stderr());
    assertTrue(again.stdout().contains("[1/2] P=1: complete already"), again.stdout());
    assertFalse(again.stdout().contains("[1/2] P=1: started"), again.stdout());
    assertTrue(again.stdout().contains("[2/2] P=2: done"), again.stdout());
    List<PointState> points = Study.read(study).points();
    assertEquals(stopped.get(0), points.get(0), "P=1's state as it was");
    assertArrayEquals(p1Result, Files.readAllBytes(p1.resolve(RunFolder.RESULT)), "P=1's run untouched");
    assertEquals(PointState.Status.DONE, points.get(1).status());
    List<Path> all = folders(runs);
    assertEquals(3, all.size(), "P=1, the stopped P=2 and the P=2 that completed: " + all);
    assertEquals(1, all.stream().filter(d -> !RunFolder.of(d).complete()).count(), "the stopped run stays marked");

    RunResult r2 = KitProcess.result(study.resolve(points.get(1).runFolder()));
    assertEquals(2, r2.inputs().substations());
    assertEquals(10_000, r2.inputs().kvps(), "K = 5,000 x P");
    String table = Files.readString(study.resolve("table.txt"));
    assertTrue(table.contains(String.format(Locale.ROOT, "%,.2f", r2.metrics().iotps())), table);
    assertTrue(again.stdout().contains(table.lines().findFirst().orElseThrow()), "the table is printed too");
    List<String> csv = Files.readAllLines(study.resolve("table.csv"));
    assertEquals(3, csv.size(), "header and one line per point");
    assertTrue(csv.get(2).startsWith("2,done," + points.get(1).runFolder() + ",2,10000,"), csv.get(2));
    Path html = study.resolve("study.html");
    assertTrue(Files.readString(html).contains("href=\"" + points.get(1).runFolder() + "/report.html\""));

    KitProcess.Finished compare = KitProcess.run(work, 1, "compare", study.toString(), study.toString(), "-o",
        work.resolve("compare.html").toString());
    assertEquals(0, compare.exitCode(), compare.stderr());
    assertTrue(compare.stdout().startsWith("study: -b mysql -p 1,2 --kvps-per-substation 5000"), compare.stdout());

    Assumptions.assumeTrue(HeadlessChromium.find().isPresent(), "Chromium is not installed");
    String dom = HeadlessChromium.locate().dumpDom(html);
    assertTrue(dom.contains("data-report-status=\"ok\""), "every chart of the study's page is drawn");
    assertTrue(HeadlessChromium.locate().dumpDom(work.resolve("compare.html")).contains("data-report-status=\"ok\""));
  }

  private static List<Path> folders(Path runs) throws java.io.IOException {
    if (!Files.isDirectory(runs)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(runs)) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }
}

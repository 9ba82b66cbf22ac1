package io.iotkit.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep with a stand-in launcher: a failed point is recorded with its exit code and last line, and the
 * sweep goes on to the next point; a stopped sweep leaves its point running and starts no other. */
class SweepTest {
  @Test
  void aFailedPointIsRecordedAndTheSweepGoesOn(@TempDir Path dir) throws Exception {
    // fails for P=1; for P=2 leaves a run folder without a result (so not complete either) and exits 0
    Path launcher = launcher(dir, """
        #!/bin/sh
        echo "args: $*"
        case "$*" in
          *"-p 1 "*) echo "tpcx-iot.sh: run aborted: hbase: connection refused" >&2; exit 3 ;;
          *) for a in "$@"; do if [ "$prev" = "--results" ]; then mkdir -p "$a/20260101-000000"; fi; prev="$a"; done
             echo "all good"; exit 0 ;;
        esac
        """);
    StudySpec spec = pSweep(1);
    Study s = Study.openOrCreate(dir.resolve("study"), spec, "0.1.0");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int failed = new Sweep(s, launcher, new PrintStream(bytes, true, StandardCharsets.UTF_8),
        point -> List.of("--metrics-port", "9464", "--metrics-label", "point=" + point)).run();
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(2, failed, out);
    List<PointState> points = Study.read(s.dir()).points();
    assertEquals(PointState.Status.FAILED, points.get(0).status());
    assertEquals(3, points.get(0).exitCode());
    assertEquals("tpcx-iot.sh: run aborted: hbase: connection refused", points.get(0).lastLine());
    assertEquals(null, points.get(0).runFolder());
    assertEquals(PointState.Status.FAILED, points.get(1).status(), "exit 0 without a completed result is no run");
    assertEquals("runs/20260101-000000", points.get(1).runFolder());
    assertTrue(Files.readString(s.dir().resolve(points.get(1).log())).contains("args: -b hbase -p 2 -k 20 --results "
        + s.dir().resolve("runs") + " -q --metrics-port 9464 --metrics-label point=2"),
        "the point's options, the study's runs folder, -q and the live metrics' options with the point");
    assertTrue(out.contains("[1/2] P=1: started"), out);
    assertTrue(out.contains("[1/2] P=1: FAILED after 0 s with exit code 3: tpcx-iot.sh: run aborted"), out);
    assertTrue(out.contains("[2/2] P=2: FAILED"), out);
  }

  @Test
  void aRepeatedStudyRunsItsPointsInTurns(@TempDir Path dir) throws Exception {
    Path launcher = launcher(dir, "#!/bin/sh\necho \"args: $*\"\nexit 3\n");
    StudySpec spec = pSweep(2);
    Study s = Study.openOrCreate(dir.resolve("study"), spec, "0.1.0");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    assertEquals(4, new Sweep(s, launcher, new PrintStream(bytes, true, StandardCharsets.UTF_8), p -> List.of())
        .run());
    String out = bytes.toString(StandardCharsets.UTF_8);
    List<String> started = out.lines().filter(l -> l.contains(": started")).map(l -> l.substring(0, l.indexOf(':')))
        .toList();
    assertEquals(List.of("[1/4] P=1 (run 1 of 2)", "[2/4] P=2 (run 1 of 2)", "[3/4] P=1 (run 2 of 2)",
        "[4/4] P=2 (run 2 of 2)"), started, out);
    assertEquals(List.of(1, 1, 2, 2), Study.read(s.dir()).points().stream().map(PointState::repetition).toList());
    StudyTable table = StudyTable.read(s.dir());
    assertEquals(2, table.rows().size(), "one row per point, whatever its runs");
    assertFalse(table.rows().get(0).measured());
  }

  @Test
  void aStoppedSweepLeavesItsPointRunningAndStartsNoOther(@TempDir Path dir) throws Exception {
    Path launcher = launcher(dir, "#!/bin/sh\necho started\nexec sleep 60\n");
    StudySpec spec = pSweep(1);
    Study s = Study.openOrCreate(dir.resolve("study"), spec, "0.1.0");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Sweep sweep = new Sweep(s, launcher, new PrintStream(bytes, true, StandardCharsets.UTF_8), p -> List.of());
    // what the command's shutdown hook does: say the sweep is stopping, then end the point's run
    Thread stopper = new Thread(() -> {
      try {
        while (Files.notExists(s.dir().resolve("logs/1-1.log")) || Files.size(s.dir().resolve("logs/1-1.log")) == 0) {
          Thread.sleep(20);
        }
        sweep.stop();
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    stopper.start();
    sweep.run();
    stopper.join();
    String out = bytes.toString(StandardCharsets.UTF_8);
    List<PointState> points = Study.read(s.dir()).points();
    assertEquals(PointState.Status.RUNNING, points.get(0).status(), out);
    assertEquals(PointState.Status.NOT_RUN, points.get(1).status(), out);
    assertFalse(out.contains("FAILED"), out);
    assertFalse(out.contains("[2/2] P=2: started"), out);
  }

  /** A stand-in for the kit's launcher in {@code dir}: this shell script. */
  private static Path launcher(Path dir, String script) throws java.io.IOException {
    Path launcher = dir.resolve("tpcx-iot.sh");
    Files.writeString(launcher, script);
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
    return launcher;
  }

  /** A study of P = 1, 2 with {@code repeat} runs of each. */
  private static StudySpec pSweep(int repeat) {
    return new StudySpec(List.of("hbase"), List.of("1", "2"), null, null, null, null, null, 10L, null, null, null,
        null, false, null, null, null, repeat).validated();
  }
}

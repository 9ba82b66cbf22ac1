package io.iotkit.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Json;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import io.iotkit.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** study.json, and which points a resumed study runs: only those without a complete, completed run. */
class StudyTest {
  private static final StudySpec SPEC = new StudySpec(List.of("hbase"), List.of("1", "2", "4", "8"), null, null, null,
      null, null, 1000L, null, null, null, null, false, null, null, null).validated();

  /** A run folder under the study with a result.json of {@code status}, marked complete or not. */
  private static String runFolder(Path study, String name, RunStatus status, boolean complete) throws Exception {
    RunFolder f = RunFolder.create(study.resolve(Study.RUNS).resolve(name));
    RunResult r = StudyRuns.withStatus(StudyRuns.even(1_000, 1, 10, 500), status);
    Json.write(f.file(RunFolder.RESULT), r);
    if (complete) {
      f.markComplete();
    }
    return study.relativize(f.dir()).toString();
  }

  private static PointState ended(Study s, int i, String folder, PointState.Status status) {
    PointState p = s.points().get(i);
    return p.with(folder, status, 0, null, null, null, null);
  }

  @Test
  void aNewStudyRunsEveryPointAndItsFileSaysWhatItSweeps(@TempDir Path dir) throws Exception {
    Study s = Study.openOrCreate(dir.resolve("study"), SPEC, "0.1.0");
    assertEquals(List.of(0, 1, 2, 3), s.toRun());
    Study.State state = Study.read(s.dir());
    assertEquals(SPEC, state.spec());
    assertEquals(Swept.SUBSTATIONS, state.swept());
    assertEquals(List.of("1", "2", "4", "8"), state.values());
    assertTrue(state.points().stream().allMatch(p -> p.status() == PointState.Status.NOT_RUN));
  }

  @Test
  void aResumedStudyRunsOnlyThePointsWithoutACompleteCompletedRun(@TempDir Path dir) throws Exception {
    Path study = dir.resolve("study");
    Study s = Study.openOrCreate(study, SPEC, "0.1.0");
    s.update(0, ended(s, 0, runFolder(study, "a", RunStatus.COMPLETED, true), PointState.Status.DONE));
    // stopped while it ran: its folder is still marked incomplete
    s.update(1, ended(s, 1, runFolder(study, "b", RunStatus.COMPLETED, false), PointState.Status.RUNNING));
    // the run aborted
    s.update(2, ended(s, 2, runFolder(study, "c", RunStatus.ABORTED, true), PointState.Status.FAILED));
    Study again = Study.openOrCreate(study, SPEC, "0.1.0");
    assertEquals(List.of(1, 2, 3), again.toRun());
    // a point said done whose run folder is gone runs again
    again.update(3, ended(again, 3, "runs/gone", PointState.Status.DONE));
    assertEquals(List.of(1, 2, 3), Study.openOrCreate(study, SPEC, "0.1.0").toRun());
  }

  @Test
  void otherOptionsForAnExistingStudyAreAMismatch(@TempDir Path dir) throws Exception {
    Study.openOrCreate(dir, SPEC, "0.1.0");
    StudySpec other = new StudySpec(List.of("hbase"), List.of("1", "2", "4", "8"), null, null, null, null, null,
        2000L, null, null, null, null, false, null, null, null).validated();
    Study.MismatchException e = assertThrows(Study.MismatchException.class,
        () -> Study.openOrCreate(dir, other, "0.1.0"));
    assertTrue(e.getMessage().contains("was made with other options (-b hbase -p 1,2,4,8 --kvps-per-substation"
        + " 1000)"), e.getMessage());
    assertTrue(Files.isRegularFile(dir.resolve(Study.FILE)));
  }
}

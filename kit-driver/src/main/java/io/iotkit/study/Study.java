package io.iotkit.study;

import io.iotkit.model.Json;
import io.iotkit.model.RunResult;
import io.iotkit.result.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A study's folder and its study.json: the spec, the swept option and its values, and every point's state. The
 * file is rewritten whole after every change, so a study stopped at any moment resumes from it.
 */
public final class Study {
  public static final String FILE = "study.json";
  public static final String RUNS = "runs";
  public static final String LOGS = "logs";

  /**
   * study.json: the spec, what it sweeps (for readers of the file), the points in the spec's order, and the
   * weights its points are scored by (null: not scored; not part of the spec, so a finished study can be scored
   * again without running anything).
   */
  public record State(String kitVersion, StudySpec spec, Swept swept, List<String> values, List<PointState> points,
                      ScoreWeights weights) {
    public State {
      points = List.copyOf(points);
    }
  }

  /** Opening an existing study with other options than it was made with. */
  public static final class MismatchException extends Exception {
    MismatchException(String message) {
      super(message);
    }
  }

  private final Path dir;
  private final StudySpec spec;
  private final String kitVersion;
  private final List<PointState> points;
  private ScoreWeights weights;

  private Study(Path dir, StudySpec spec, String kitVersion, List<PointState> points, ScoreWeights weights) {
    this.dir = dir;
    this.spec = spec;
    this.kitVersion = kitVersion;
    this.points = new ArrayList<>(points);
    this.weights = weights;
  }

  /** Whether {@code dir} holds a study (a study.json). */
  public static boolean isStudy(Path dir) {
    return Files.isRegularFile(dir.resolve(FILE));
  }

  /**
   * The study in {@code dir}: the existing one when it has a study.json made with the same spec, else a new one
   * (written at once, so even a study stopped before its first point ends can be resumed).
   *
   * @throws MismatchException when {@code dir} holds a study made with another spec
   */
  public static Study openOrCreate(Path dir, StudySpec spec, String kitVersion) throws IOException,
      MismatchException {
    if (isStudy(dir)) {
      State s = read(dir);
      if (!s.spec().equals(spec)) {
        throw new MismatchException("study " + dir + " was made with other options (" + s.spec().describe()
            + "); run it again with those to resume it, or name a new folder with --study");
      }
      return new Study(dir, spec, s.kitVersion(), s.points(), s.weights());
    }
    Files.createDirectories(dir);
    Study study = new Study(dir, spec, kitVersion, spec.runs().stream().map(PointState::notRun).toList(), null);
    study.save();
    return study;
  }

  /** An existing study's state, e.g. to compare it with another. */
  public static State read(Path dir) throws IOException {
    return Json.read(dir.resolve(FILE), State.class);
  }

  public Path dir() {
    return dir;
  }

  public StudySpec spec() {
    return spec;
  }

  public List<PointState> points() {
    return List.copyOf(points);
  }

  /** Replaces point {@code i}'s state and rewrites study.json. */
  public void update(int i, PointState state) throws IOException {
    points.set(i, state);
    save();
  }

  /** Scores the study's points by {@code w} from now on (in place of any weights before) and rewrites study.json. */
  public void weigh(ScoreWeights w) throws IOException {
    weights = w;
    save();
  }

  /** Appends a point (a rate search's next probe) and rewrites study.json; returns its index. */
  public int add(PointState state) throws IOException {
    points.add(state);
    save();
    return points.size() - 1;
  }

  /** Whether point {@code i} has a complete run: a run folder, marked whole, whose result.json says completed. */
  public boolean complete(int i) {
    return completeRun(dir, points.get(i));
  }

  /** The points that still need a run, by index, in order. */
  public List<Integer> toRun() {
    List<Integer> todo = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      if (!complete(i)) {
        todo.add(i);
      }
    }
    return todo;
  }

  static boolean completeRun(Path studyDir, PointState p) {
    if (p.runFolder() == null) {
      return false;
    }
    RunFolder folder = RunFolder.of(studyDir.resolve(p.runFolder()));
    Path json = folder.file(RunFolder.RESULT);
    if (!folder.complete() || !Files.isRegularFile(json)) {
      return false;
    }
    try {
      return Json.read(json, RunResult.class).completed();
    } catch (IOException e) {
      return false; // a result.json this kit cannot read is run again rather than trusted
    }
  }

  private void save() throws IOException {
    RunFolder.of(dir).writeAtomically(FILE, Json.bytes(new State(kitVersion, spec, spec.swept(), values(points),
        points, weights)));
  }

  /** The points' values, each once, in the order the points list them: the spec's order, or a search's probes'. */
  static List<String> values(List<PointState> points) {
    return points.stream().map(PointState::value).distinct().toList();
  }
}

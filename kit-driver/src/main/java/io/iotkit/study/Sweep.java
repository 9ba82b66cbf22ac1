package io.iotkit.study;

import io.iotkit.model.Json;
import io.iotkit.model.RunResult;
import io.iotkit.result.RunFolder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Runs a study's missing points one after another, each a full run of the kit's own launcher in a child process
 * with its run folder under the study's runs/ and its output in logs/. study.json is rewritten as each point
 * starts and ends; a failed point is recorded and the sweep goes on to the next. A sweep that is stopped leaves
 * its point marked running, so the same command runs it again.
 */
public final class Sweep {
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

  private final Study study;
  private final Path launcher;
  private final PrintStream out;
  private final Function<String, List<String>> serving;
  private volatile boolean stopped;

  /**
   * @param launcher the kit's bin/tpcx-iot.sh
   * @param out      where the progress lines go: one as each point starts and one as it ends
   * @param serving  the options that make a point's run serve live metrics, from the point's value (none when
   *                 off); they are not the point's options, so a study resumes with or without them
   */
  public Sweep(Study study, Path launcher, PrintStream out, Function<String, List<String>> serving) {
    this.study = study;
    this.launcher = launcher;
    this.out = out;
    this.serving = serving;
  }

  /**
   * Marks the sweep as stopping (on Ctrl-C or kill); called before its point's run is ended. The point then stays
   * marked running rather than failed, and the sweep starts no other point.
   */
  public void stop() {
    stopped = true;
  }

  /** Runs every point without a complete run; returns how many of them failed. */
  public int run() throws IOException, InterruptedException {
    List<PointState> points = study.points();
    List<Integer> todo = study.toRun();
    String what = study.spec().axisLabel();
    for (int i = 0; i < points.size(); i++) {
      if (!todo.contains(i)) {
        out.printf(Locale.ROOT, "%s: complete already (%s), not run again%n", tag(i, points.size(), what,
            points.get(i)), points.get(i).runFolder());
      }
    }
    int failed = 0;
    for (int i : todo) {
      if (stopped) {
        break;
      }
      PointState p = runPoint(i, points.size(), what);
      if (p.status() != PointState.Status.DONE) {
        failed++;
      }
    }
    if (study.spec().rateSearch() != null && failed == 0) {
      failed += search();
    }
    return failed;
  }

  /**
   * Goes on with a rate search from the bracket its probes so far give: one probe after another until the bracket
   * is narrow enough or the probes are spent. Returns 1 when a probe's run failed (the search stops there; the same
   * command runs that probe again), else 0.
   */
  private int search() throws IOException, InterruptedException {
    RateSearch s = study.spec().rateSearch();
    int p = study.spec().searchedSubstations();
    int last = -1; // the probe just made, whose verdict the table read next gives
    while (!stopped) {
      StudyTable table = StudyTable.read(study.dir());
      if (last >= 0) {
        PointState probe = study.points().get(last);
        StudyRow row = table.rows().stream().filter(r -> r.value().equals(probe.value())).findFirst().orElseThrow();
        String failure = RateSearch.Probe.of(row).failure(s.ingestP99LimitMs());
        out.printf(Locale.ROOT, "%s: %s: offered %,.0f kvps/s, achieved %,.0f, ingest p99 at most %s in a second"
            + " after the first 10 s (%s over the whole run)%n", tag(last, 0, Swept.RATE.label(), probe),
            failure.isEmpty() ? "pass" : "fail (" + failure + ")", row.offeredRate(), row.iotps(),
            ms(row.ingestP99SettledMs()), ms(row.ingestLatency().p99Ms()));
      }
      RateSearch.Bracket b = table.search().orElseThrow(() -> new IllegalStateException("no unpaced run to search"
          + " from in " + study.dir()));
      if (b.ended()) {
        out.println("rate search: " + b.describe(p, s.ingestP99LimitMs()));
        return 0;
      }
      last = study.add(PointState.notRun(new StudySpec.Run(study.spec().probe(b.next().getAsLong()), 1)));
      if (runPoint(last, 0, Swept.RATE.label()).status() != PointState.Status.DONE) {
        return 1;
      }
    }
    return 0;
  }


  private PointState runPoint(int i, int of, String what) throws IOException, InterruptedException {
    PointState before = study.points().get(i);
    String tag = tag(i, of, what, before);
    Path runs = study.dir().resolve(Study.RUNS);
    Files.createDirectories(runs);
    Files.createDirectories(study.dir().resolve(Study.LOGS));
    String log = Study.LOGS + "/" + (i + 1) + "-" + before.value().replaceAll("[^A-Za-z0-9._-]", "_") + ".log";
    Set<Path> existing = runFolders(runs);
    Instant started = Instant.now();
    study.update(i, before.with(null, PointState.Status.RUNNING, null, null, log, started, null));
    out.printf(Locale.ROOT, "%s: started at %s (output in %s)%n", tag, clock(started), log);
    List<String> cmd = new ArrayList<>();
    cmd.add(launcher.toString());
    cmd.addAll(before.options());
    cmd.addAll(List.of("--results", runs.toAbsolutePath().toString(), "-q"));
    cmd.addAll(serving.apply(before.value()));
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(study.dir().resolve(log).toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    int exit = child.waitFor();
    if (stopped) {
      return study.points().get(i);
    }
    Instant finished = Instant.now();
    String folder = newFolder(runs, existing);
    PointState ended = before.with(folder, PointState.Status.DONE, exit, null, log, started, finished);
    boolean complete = exit == 0 && Study.completeRun(study.dir(), ended);
    String took = seconds(Duration.between(started, finished));
    if (complete) {
      study.update(i, ended);
      out.printf(Locale.ROOT, "%s: done in %s: %s IoTps (%s)%n", tag, took, iotps(study.dir().resolve(folder)),
          folder);
    } else {
      String last = lastLine(study.dir().resolve(log));
      study.update(i, before.with(folder, PointState.Status.FAILED, exit, last, log, started, finished));
      out.printf(Locale.ROOT, "%s: FAILED after %s with exit code %d: %s (output in %s)%n", tag, took, exit, last,
          log);
    }
    return study.points().get(i);
  }

  /**
   * How progress lines name a run: "[2/3] P=2", with "(run 1 of 5)" when points repeat; a rate search's runs, whose
   * number is not known ahead ({@code of} 0), "[2] rate=900", its first "[1] rate=0 (unpaced)".
   */
  private String tag(int i, int of, String what, PointState p) {
    int repeat = study.spec().repeat();
    if (study.spec().rateSearch() != null) {
      return String.format(Locale.ROOT, "[%d] %s=%s", i + 1, what, p.value()) + (i == 0 ? " (unpaced)" : "");
    }
    return String.format(Locale.ROOT, "[%d/%d] %s=%s", i + 1, of, what, p.value())
        + (repeat > 1 ? String.format(Locale.ROOT, " (run %d of %d)", p.repetition(), repeat) : "");
  }

  /** The run folder the point's run made: the one folder under runs/ that was not there before, relative. */
  private String newFolder(Path runs, Set<Path> existing) throws IOException {
    Set<Path> now = runFolders(runs);
    now.removeAll(existing);
    return now.stream().max(Comparator.comparing(Path::toString))
        .map(p -> study.dir().relativize(p).toString()).orElse(null);
  }

  private static Set<Path> runFolders(Path runs) throws IOException {
    try (Stream<Path> dirs = Files.list(runs)) {
      return new HashSet<>(dirs.filter(Files::isDirectory).toList());
    }
  }

  private static String iotps(Path runDir) {
    try {
      RunResult r = Json.read(runDir.resolve(RunFolder.RESULT), RunResult.class);
      return r.metrics() == null ? "no" : String.format(Locale.ROOT, "%,.2f", r.metrics().iotps());
    } catch (IOException e) {
      return "unreadable";
    }
  }

  /** The last line of the run's output that is not blank: its error, or the end of its report. */
  static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (!lines.get(i).isBlank()) {
          return lines.get(i).strip();
        }
      }
      return "(the run printed nothing)";
    } catch (IOException e) {
      return "(its output could not be read: " + e.getMessage() + ")";
    }
  }

  private static String ms(Double ms) {
    return ms == null ? "not measured" : String.format(Locale.ROOT, "%,.1f ms", ms);
  }

  private static String clock(Instant t) {
    return LocalTime.ofInstant(t, ZoneId.systemDefault()).format(CLOCK);
  }

  private static String seconds(Duration d) {
    long s = d.toSeconds();
    return s < 120 ? s + " s" : (s / 60) + " min " + (s % 60) + " s";
  }
}

package io.iotkit.study;

import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Json;
import io.iotkit.model.Latency;
import io.iotkit.model.MedianInterval;
import io.iotkit.model.Metrics;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResultView;
import io.iotkit.model.RunResult;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.result.RunFolder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * A study's table: one row per point, each from the point's result.json, in the shape of the TPCx-IoT paper's
 * Tables I-III (parameters and elapsed times, ingest time spread, system-wide and per-sensor IoTps) with scaling
 * efficiency, query and ingest latency, resource use and, for a rate sweep, the saturation point.
 *
 * @param name what the study is called in comparisons: its folder's name
 * @param spec the study's options
 * @param rows the points in the order given
 * @param weights what its points are scored by (see {@link WeightedScore}); null for a study not scored
 */
public record StudyTable(String name, StudySpec spec, List<StudyRow> rows, ScoreWeights weights) {

  /** The query templates in the order the tables list them. */
  public static final List<Operation> QUERIES = Arrays.stream(Operation.values()).filter(Operation::isQuery).toList();

  public StudyTable {
    rows = withEfficiency(rows, spec.swept());
  }

  /** A study not scored. */
  public StudyTable(String name, StudySpec spec, List<StudyRow> rows) {
    this(name, spec, rows, null);
  }

  /** Its points ranked by their weighted score; empty for a study not scored. */
  public Optional<WeightedScore> score() {
    return weights == null ? Optional.empty() : Optional.of(WeightedScore.of(rows, weights));
  }

  /** The table of the study in {@code dir}: its study.json and every complete point's result.json. */
  public static StudyTable read(Path dir) throws IOException {
    Study.State state = Study.read(dir);
    List<StudyRow> rows = new ArrayList<>();
    for (String value : Study.values(state.points())) {
      List<StudyRow> runs = new ArrayList<>();
      for (PointState p : state.points()) {
        if (p.value().equals(value)) {
          RunResult r = null;
          if (Study.completeRun(dir, p)) {
            r = Json.read(dir.resolve(p.runFolder()).resolve(RunFolder.RESULT), RunResult.class);
          }
          runs.add(row(p.value(), p.status(), p.runFolder(), r, p.finished()));
        }
      }
      rows.add(state.spec().repeat() > 1 ? medianRun(value, runs) : runs.get(0));
    }
    if (state.spec().rateSearch() != null) {
      rows.sort(Comparator.comparingLong(r -> Long.parseLong(r.value()))); // the probes as a curve, lowest rate first
    }
    Path name = dir.toAbsolutePath().normalize().getFileName();
    return new StudyTable(name == null ? dir.toString() : name.toString(), state.spec(), rows, state.weights());
  }

  /**
   * The row of a point that ran several times: its median run's, with the runs' IoTps as a median and interval; the
   * first run's state when none has a result.
   */
  static StudyRow medianRun(String value, List<StudyRow> runs) {
    List<StudyRow> measured = runs.stream().filter(StudyRow::measured)
        .sorted(Comparator.comparingDouble(StudyRow::iotps)).toList();
    if (measured.isEmpty()) {
      StudyRow first = runs.isEmpty() ? StudyRow.unmeasured(value, PointState.Status.NOT_RUN, null) : runs.get(0);
      return StudyRow.unmeasured(value, first.status(), first.runFolder());
    }
    double[] iotps = measured.stream().mapToDouble(StudyRow::iotps).toArray();
    return measured.get((measured.size() - 1) / 2).withRuns(MedianInterval.of(iotps));
  }

  /** The points' values in the table's order. */
  public List<String> values() {
    return rows.stream().map(StudyRow::value).toList();
  }

  /**
   * Where a rate search stands, from its rows: the unpaced run's ceiling and every paced probe with a result; empty
   * for a sweep of given values, or before the unpaced run has a result.
   */
  public Optional<RateSearch.Bracket> search() {
    RateSearch s = spec.rateSearch();
    StudyRow unpaced = rows.stream().filter(r -> r.rate() == 0 && r.measured()).findFirst().orElse(null);
    if (s == null || unpaced == null) {
      return Optional.empty();
    }
    List<RateSearch.Probe> probes = rows.stream().filter(r -> r.measured() && r.offeredRate() != null)
        .map(RateSearch.Probe::of).toList();
    return Optional.of(s.bracket((long) Math.floor(unpaced.iotps() / unpaced.substations()), probes));
  }

  /** Whether the study ran its points several times, so its rows carry intervals. */
  public boolean repeated() {
    return spec.repeat() > 1;
  }

  public Swept swept() {
    return spec.swept();
  }

  /** The swept parameter's name for headings and axes (see {@link StudySpec#axisLabel}). */
  public String axisLabel() {
    return spec.axisLabel();
  }

  /** Whether the swept values are numbers, drawn on a numeric axis. */
  public boolean numericAxis() {
    return spec.numericAxis();
  }

  /** Where a rate sweep saturated; not reached for a study without paced points. */
  public Saturation saturation() {
    return Saturation.of(rows);
  }

  /** Whether any point was paced (--rate), so the table shows offered and achieved rates. */
  public boolean paced() {
    return rows.stream().anyMatch(r -> r.offeredRate() != null);
  }

  /** Whether any point's store delivered its readings to a reader (end-to-end latency was measured). */
  public boolean endToEnd() {
    return rows.stream().anyMatch(r -> r.endToEnd().measured());
  }

  /** Whether any point ran a read-only execution. */
  public boolean readOnly() {
    return rows.stream().anyMatch(r -> r.readOnly() != null);
  }

  /** Whether any point's store delivered readings to consumers. */
  public boolean consumers() {
    return rows.stream().anyMatch(r -> r.consumers() != null);
  }

  /** Whether any point's resources were sampled. */
  public boolean resourcesSampled() {
    return rows.stream().anyMatch(r -> r.resources().sampled());
  }

  /**
   * The row of one point; unmeasured when it has no completed result with metrics.
   *
   * @param result the point's result, or null when it has none
   */
  public static StudyRow row(String value, PointState.Status status, String runFolder, RunResult result) {
    return row(value, status, runFolder, result, null);
  }

  /**
   * The row of one point whose run's process ended at {@code processEnded} (null when not known).
   *
   * @param result the point's result, or null when it has none
   */
  static StudyRow row(String value, PointState.Status status, String runFolder, RunResult result,
                      Instant processEnded) {
    if (result == null || !result.completed()) {
      return StudyRow.unmeasured(value, status, runFolder);
    }
    ResultView v = ResultView.of(result);
    Optional<IterationResult> perf = v.performanceIteration();
    if (perf.isEmpty() || v.metrics().isEmpty()) {
      return StudyRow.unmeasured(value, status, runFolder);
    }
    PhaseResult m = perf.get().measured();
    int p = m.instances().size();
    double iotps = v.metrics().get().iotps();
    var ingest = m.instances().stream().mapToDouble(InstanceResult::ingestSeconds).summaryStatistics();
    Map<Operation, Double> avg = new EnumMap<>(Operation.class);
    Map<Operation, Double> p99 = new EnumMap<>(Operation.class);
    for (Operation q : QUERIES) {
      Latency l = m.latency().get(q);
      if (l != null && l.count() > 0) {
        avg.put(q, l.meanMs());
        p99.put(q, l.p99Ms());
      }
    }
    long rate = v.inputs().map(i -> i.rate()).orElse(0L);
    Long kvps = v.inputs().map(i -> i.kvps()).orElse(m.target());
    IterationResult it = perf.get();
    return new StudyRow(value, status, runFolder, p, kvps, it.warmup() == null ? null : it.warmup().elapsedSeconds(),
        m.elapsedSeconds(), iotps, iotps / ((double) p * WorkloadSpec.SENSORS_PER_SUBSTATION), null,
        ingest.getMin(), ingest.getMax(), ingest.getAverage(),
        p > 1 ? Metrics.IngestSpread.of(m).spreadPercent() / 100 : null,
        avg, p99, ingestPercentiles(m), m.settledIngestP99Ms(),
        m.endToEnd() == null ? LatencyPercentiles.NONE : LatencyPercentiles.of(m.endToEnd().micros().micros()), rate, rate > 0 ? (double) p * rate : null,
        PointResources.of(m.resources()), null, m.series(),
        it.readOnly() == null ? null : ReadOnlyFigures.of(it.readOnly(), v.inputs().map(i -> i.queriesPerSecond())
            .orElse(0L)), it.consumers(), MasterCost.of(result, m.resources(), processEnded));
  }

  /** Ingest latency p50, p99 and p99.9 in ms from the run's histograms; the summaries' p50 and p99 without them. */
  private static LatencyPercentiles ingestPercentiles(PhaseResult m) {
    Histogram h = Latency.ingest(m);
    if (h.getTotalCount() > 0) {
      return LatencyPercentiles.of(h);
    }
    Latency l = m.latency().get(Operation.INGEST);
    if (l == null || l.count() == 0) {
      return LatencyPercentiles.NONE;
    }
    return new LatencyPercentiles(l.p50Ms(), l.p99Ms(), null);
  }

  /**
   * Scaling efficiency of each row against the first row with a result: IoTps_i / (P_i / P_base x IoTps_base), or
   * in a sweep of the SUT's CPUs IoTps_i / (CPUs_i / CPUs_base x IoTps_base). For a sweep of anything else, both
   * are the same at every point and this is the throughput relative to the first.
   */
  private static List<StudyRow> withEfficiency(List<StudyRow> rows, Swept swept) {
    StudyRow base = rows.stream().filter(StudyRow::measured).findFirst().orElse(null);
    List<StudyRow> out = new ArrayList<>();
    for (StudyRow r : rows) {
      if (base == null || !r.measured() || base.iotps() <= 0) {
        out.add(r);
      } else {
        double scale = swept == Swept.SUT_CPUS ? Double.parseDouble(r.value()) / Double.parseDouble(base.value())
            : (double) r.substations() / base.substations();
        out.add(r.withEfficiency(r.iotps() / (scale * base.iotps())));
      }
    }
    return List.copyOf(out);
  }
}

package io.iotkit.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link RunResult} as the reports read it, with what may be absent settled once, so no renderer guards
 * against null on its own. A result of an aborted run has no metrics and maybe no iterations, pricing or system
 * description.
 *
 * <p>Every list and map is present (empty when the result has none), every phase has its instances, a series
 * with all its arrays, and its latency summaries; the parts a run may lack as a whole are {@link Optional}. A
 * phase of an iteration may still be absent (null) when the run stopped before it; {@link #phases} and
 * {@link #measuredIterations} skip it.
 */
public final class ResultView {
  /** Said beside every warning: what the warnings are, and what they are not. */
  public static final String WARNING_NOTE = "an execution did not hold steady, its instances did not start "
      + "together, or the driver could have limited its result; this breaks no rule, as the TPC requires none of "
      + "it, but one IoTps figure hides it";

  private final RunResult r;
  private final List<IterationResult> iterations;

  private ResultView(RunResult r) {
    this.r = r;
    this.iterations = list(r.iterations()).stream().map(ResultView::settled).toList();
  }

  public static ResultView of(RunResult r) {
    return new ResultView(r);
  }

  /** The result as it was given, for its plain fields (run id, kit version, times, status, SUT, compliance). */
  public RunResult result() {
    return r;
  }

  /** Why the run aborted; empty when it did not. */
  public String abortReason() {
    return r.abortReason() == null ? "" : r.abortReason();
  }

  public List<String> reasons() {
    return list(r.reasons());
  }

  public List<CheckResult> prerequisites() {
    return list(r.prerequisites());
  }

  public List<CheckResult> cleanup() {
    return list(r.cleanup());
  }

  public Map<String, String> sutSettings() {
    return r.sutSettings() == null ? Map.of() : r.sutSettings();
  }

  /** The iterations that ran, each with its checks, store measurements and phases' parts present. */
  public List<IterationResult> iterations() {
    return iterations;
  }

  public Optional<Metrics> metrics() {
    return Optional.ofNullable(r.metrics());
  }

  public Optional<Pricing> pricing() {
    return Optional.ofNullable(r.pricing());
  }

  public Optional<SystemDescription> system() {
    return Optional.ofNullable(r.system());
  }

  public Optional<RunInputs> inputs() {
    return Optional.ofNullable(r.inputs());
  }

  public Optional<Environment> environment() {
    return Optional.ofNullable(r.environment());
  }

  /** The iterations that have a measured run. */
  public List<IterationResult> measuredIterations() {
    return iterations.stream().filter(it -> it.measured() != null).toList();
  }

  /** The iteration numbered {@code number}, when it has a measured run. */
  public Optional<IterationResult> measured(int number) {
    return measuredIterations().stream().filter(it -> it.number() == number).findFirst();
  }

  /** The iteration of the performance run (the measured run with the lower IoTps), when there are metrics. */
  public Optional<IterationResult> performanceIteration() {
    return metrics().flatMap(m -> measured(m.performanceIteration()));
  }

  /**
   * What a reader must know beside the verdict though it breaks no rule: each execution whose ingest fell or
   * stalled beyond {@link SteadyState}'s limits, or whose instances began writing later than
   * {@link StartSpread}'s, and each measured execution whose driver could have limited its result
   * ({@link DriverHeadroom}), one line each, named by its execution.
   */
  public List<String> warnings() {
    List<String> warnings = new ArrayList<>();
    for (IterationResult it : iterations()) {
      for (PhaseResult p : phases(it)) {
        p.startSpread().warnings().forEach(w -> warnings.add(p.name() + ": " + w));
        p.steadyState().warnings().forEach(w -> warnings.add(p.name() + ": " + w));
        if (p.measured()) {
          p.driverHeadroom().warnings().forEach(w -> warnings.add(p.name() + ": " + w));
        }
      }
    }
    return warnings;
  }

  /** The start spread of an execution as one line, with the driver hosts' clock error where it applies. */
  public String startText(PhaseResult p) {
    long clockError = r.driverHosts().stream().mapToLong(DriverHostResult::clockErrorMicros).max().orElse(0);
    return p.startSpread().text(clockError);
  }

  /** An iteration's phases that ran: warmup, then measured run. */
  public static List<PhaseResult> phases(IterationResult it) {
    List<PhaseResult> phases = new ArrayList<>();
    if (it.warmup() != null) {
      phases.add(it.warmup());
    }
    if (it.measured() != null) {
      phases.add(it.measured());
    }
    return phases;
  }

  private static IterationResult settled(IterationResult it) {
    return new IterationResult(it.number(), it.substations(), settled(it.warmup()), settled(it.measured()),
        it.storedReadings(), list(it.substationCounts()),
        it.storeMeasurements() == null ? Map.of() : it.storeMeasurements(),
        list(it.checks()), it.dataLayout() == null ? Map.of() : it.dataLayout(), settled(it.readOnly()),
        it.consumers());
  }

  private static PhaseResult settled(PhaseResult p) {
    if (p == null) {
      return null;
    }
    return new PhaseResult(p.name(), p.measured(), p.startMicros(), p.endMicros(), list(p.instances()),
        settled(p.series()), p.latency() == null ? Map.of() : p.latency(),
        p.resources() == null ? ResourceUsage.none() : p.resources(), p.endToEnd());
  }

  private static PhaseSeries settled(PhaseSeries s) {
    if (s == null) {
      return PhaseSeries.empty();
    }
    return new PhaseSeries(s.intervalMillis() > 0 ? s.intervalMillis() : 1000,
        s.kvps() == null ? new long[0] : s.kvps(), s.queries() == null ? new long[0] : s.queries(),
        orEmpty(s.queryP50Ms()), orEmpty(s.queryP99Ms()), orEmpty(s.queryMaxMs()), orEmpty(s.ingestP50Ms()),
        orEmpty(s.ingestP99Ms()));
  }

  private static double[] orEmpty(double[] values) {
    return values == null ? new double[0] : values;
  }

  private static <T> List<T> list(List<T> values) {
    return values == null ? List.of() : values;
  }
}

package io.iotkit.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What {@code tpcx-iot.sh bench} measured: figures of the kit each beside a reference run on the same machine,
 * in the same JVM, in alternating rounds. Ratios are what it reports; absolute rates say as much about the
 * machine as about the kit.
 *
 * @param startedAt when the bench began, UTC ISO-8601
 * @param machine the machine it ran on
 * @param loadBefore the 1, 5 and 15 minute load averages when it began (empty where unreadable)
 * @param loadAfter the same when it ended
 * @param rounds measured rounds per side of each figure (after warmup rounds)
 * @param roundSeconds about how long one round of one side lasts
 * @param figures one per bench part and thread count, in the order run
 * @param measurements plain measurements of the kit with no reference beside them (e.g. an instance's memory)
 * @param pinning where the client and a local server ran, e.g. "client ... on CPUs 0, local server on CPUs 1
 *     (taskset)", or "none": every process free to run on every CPU
 * @param failures what could not be measured, one line each ("influxdb: influxd is not on this machine ..."); empty
 *     when everything asked for was
 */
public record BenchResult(String startedAt, Environment machine, double[] loadBefore, double[] loadAfter,
                          int rounds, double roundSeconds, List<Figure> figures, List<Measurement> measurements,
                          String pinning, List<String> failures) {

  /** What {@link #pinning} says when nothing was pinned. */
  public static final String UNPINNED = "none";

  public BenchResult {
    measurements = measurements == null ? List.of() : List.copyOf(measurements);
    pinning = pinning == null ? UNPINNED : pinning;
    failures = failures == null ? List.of() : List.copyOf(failures);
  }

  /**
   * A figure without a ratio, one value per round of one side; where it has a ceiling, the verdict
   * is on the largest value, the peak.
   *
   * @param name what was measured, e.g. "instance resources, hbase: resident memory"
   * @param unit unit of the values, e.g. "MiB"
   * @param what how it was measured and what it includes
   * @param values one per round it was taken in
   * @param ceiling the most the kit allows of any value, or null for none
   */
  @JsonIgnoreProperties(value = {"median", "spread", "max", "verdict"}, allowGetters = true) // derived, as Figure's
  public record Measurement(String name, String unit, String what, double[] values, Double ceiling) {

    public Measurement(String name, String unit, String what, double[] values) {
      this(name, unit, what, values, null);
    }

    @JsonProperty
    public double median() {
      return BenchResult.median(values);
    }

    @JsonProperty
    public double spread() {
      return BenchResult.spread(values);
    }

    @JsonProperty
    public double max() {
      return Arrays.stream(values).max().orElse(Double.NaN);
    }

    /** Met when the peak is at most the ceiling; none without a ceiling. */
    @JsonProperty
    public Verdict verdict() {
      if (ceiling == null) {
        return Verdict.NONE;
      }
      return max() <= ceiling ? Verdict.MET : Verdict.MISSED;
    }
  }

  /**
   * What the kit aims at in one figure, each a ratio of kit over reference; null where it aims at nothing.
   *
   * @param rate the least ratio of the rates in wall time
   * @param clientCpu the most ratio of the client's CPU time per reading
   * @param serverCpu the most ratio of the local server's CPU time per reading
   */
  public record Targets(Double rate, Double clientCpu, Double serverCpu) {
    public static final Targets NONE = new Targets(null, null, null);
  }

  /** Where a ratio's interval lies against its target. */
  public enum Verdict {
    /** The whole interval is on the target's side. */
    MET,
    /** The whole interval is on the wrong side. */
    MISSED,
    /** The interval straddles the target, or the rounds are too few to tell. */
    UNDECIDED,
    /** There is no target. */
    NONE
  }

  /**
   * One quantity of a figure, kit against reference: both medians, their ratio with its interval, and the verdict.
   *
   * @param quantity what is compared, e.g. "client CPU per 10,000 readings"
   * @param unit unit of the medians
   * @param atLeast whether the target is a floor (rates) rather than a ceiling (costs)
   */
  public record Comparison(String quantity, String unit, double kitMedian, double referenceMedian,
                           RatioInterval ratio, Double target, boolean atLeast, Verdict verdict) {
    /** Fewer measured rounds than this leave every verdict undecided: a bootstrap over a handful says little. */
    public static final int MIN_ROUNDS = 10;

    static Comparison of(String quantity, String unit, double[] kit, double[] reference, Double target,
                         boolean atLeast) {
      RatioInterval ratio = RatioInterval.of(kit, reference);
      Verdict verdict;
      if (target == null) {
        verdict = Verdict.NONE;
      } else if (kit.length < MIN_ROUNDS) {
        verdict = Verdict.UNDECIDED;
      } else if (atLeast ? ratio.low() >= target : ratio.high() <= target) {
        verdict = Verdict.MET;
      } else if (atLeast ? ratio.high() < target : ratio.low() > target) {
        verdict = Verdict.MISSED;
      } else {
        verdict = Verdict.UNDECIDED;
      }
      return new Comparison(quantity, unit, median(kit), median(reference), ratio, target, atLeast, verdict);
    }
  }

  /**
   * One figure: the kit's side and the reference side, each measured per round.
   *
   * @param name what is compared, e.g. "generation into the sink, 2 threads"
   * @param unit unit of the rates, e.g. "kvps/s"
   * @param kitLabel what the kit's side ran
   * @param referenceLabel what the reference side ran
   * @param kit the kit's rate in each measured round (operations per second of wall time)
   * @param reference the reference's rate in each measured round
   * @param kitPerCpuSecond the kit's operations per second of the JVM's CPU time in each round: what a machine
   *     shared with other work cannot skew by taking the cores away
   * @param referencePerCpuSecond the same of the reference
   * @param kitServerCpu CPU seconds of the local server's processes (every node, with the processes under them)
   *     per 10,000 operations of the kit's side, per round; empty where the kit started no server
   * @param referenceServerCpu the same of the reference
   * @param kitServerWritten bytes the local server's processes caused to be written to disk, per operation of the
   *     kit's side, per round; empty where unknown
   * @param referenceServerWritten the same of the reference
   * @param targets what the kit aims at
   */
  @JsonIgnoreProperties(value = {"kitMedian", "referenceMedian", "ratio", "ratioPerCpuSecond", "kitSpread",
      "referenceSpread", "comparisons"}, allowGetters = true) // derived: written for readers of bench.json, not read back
  public record Figure(String name, String unit, String kitLabel, String referenceLabel, double[] kit,
                       double[] reference, double[] kitPerCpuSecond, double[] referencePerCpuSecond,
                       double[] kitServerCpu, double[] referenceServerCpu, double[] kitServerWritten,
                       double[] referenceServerWritten, Targets targets) {

    public Figure {
      kitServerCpu = kitServerCpu == null ? new double[0] : kitServerCpu;
      referenceServerCpu = referenceServerCpu == null ? new double[0] : referenceServerCpu;
      kitServerWritten = kitServerWritten == null ? new double[0] : kitServerWritten;
      referenceServerWritten = referenceServerWritten == null ? new double[0] : referenceServerWritten;
      targets = targets == null ? Targets.NONE : targets;
    }

    /** A figure without a server's counters. */
    public Figure(String name, String unit, String kitLabel, String referenceLabel, double[] kit,
                  double[] reference, double[] kitPerCpuSecond, double[] referencePerCpuSecond, Targets targets) {
      this(name, unit, kitLabel, referenceLabel, kit, reference, kitPerCpuSecond, referencePerCpuSecond, null, null,
          null, null, targets);
    }

    @JsonProperty
    public double kitMedian() {
      return median(kit);
    }

    @JsonProperty
    public double referenceMedian() {
      return median(reference);
    }

    /** Kit over reference, of the medians. */
    @JsonProperty
    public double ratio() {
      return kitMedian() / referenceMedian();
    }

    /** Kit over reference, of the medians per CPU second. */
    @JsonProperty
    public double ratioPerCpuSecond() {
      return median(kitPerCpuSecond) / median(referencePerCpuSecond);
    }

    /** (max − min) / median of the kit's rounds: how far one round can be from another. */
    @JsonProperty
    public double kitSpread() {
      return spread(kit);
    }

    @JsonProperty
    public double referenceSpread() {
      return spread(reference);
    }

    /**
     * Each quantity measured on both sides, with its interval and verdict: the rate in wall time, the client's CPU
     * per 10,000 operations, and where the kit started the server, the server's CPU per 10,000 operations and its
     * disk bytes written per operation.
     */
    @JsonProperty
    public List<Comparison> comparisons() {
      List<Comparison> all = new ArrayList<>();
      all.add(Comparison.of("rate (wall clock)", unit, kit, reference, targets.rate(), true));
      all.add(Comparison.of("client CPU per 10,000", "CPU s", per10k(kitPerCpuSecond), per10k(referencePerCpuSecond),
          targets.clientCpu(), false));
      if (kitServerCpu.length > 0 && referenceServerCpu.length > 0) {
        all.add(Comparison.of("server CPU per 10,000", "CPU s", kitServerCpu, referenceServerCpu,
            targets.serverCpu(), false));
      }
      if (kitServerWritten.length > 0 && referenceServerWritten.length > 0) {
        all.add(Comparison.of("server disk written per operation", "B", kitServerWritten, referenceServerWritten,
            null, false));
      }
      return all;
    }

    private static double[] per10k(double[] perCpuSecond) {
      return Arrays.stream(perCpuSecond).map(r -> 10_000 / r).toArray();
    }
  }

  static double median(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] v = values.clone();
    Arrays.sort(v);
    int m = v.length / 2;
    return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
  }

  static double spread(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double range = Arrays.stream(values).max().getAsDouble() - Arrays.stream(values).min().getAsDouble();
    double median = median(values);
    // a median of 0 (a compiler that did no work in most rounds) has no relative spread
    return range == 0 ? 0 : median == 0 ? Double.NaN : range / median;
  }
}

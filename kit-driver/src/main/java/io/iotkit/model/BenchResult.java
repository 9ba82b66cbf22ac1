package io.iotkit.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
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
 */
public record BenchResult(String startedAt, Environment machine, double[] loadBefore, double[] loadAfter,
                          int rounds, double roundSeconds, List<Figure> figures, List<Measurement> measurements) {

  public BenchResult {
    measurements = measurements == null ? List.of() : List.copyOf(measurements);
  }

  /**
   * A figure of the kit alone, one value per measured round: no reference, no ratio, no target.
   *
   * @param name what was measured, e.g. "instance resources, hbase: resident memory"
   * @param unit unit of the values, e.g. "MiB"
   * @param what how it was measured and what it includes
   * @param values one per measured round of the part it was taken from
   */
  @JsonIgnoreProperties(value = {"median", "spread"}, allowGetters = true) // derived, as Figure's
  public record Measurement(String name, String unit, String what, double[] values) {

    @JsonProperty
    public double median() {
      return BenchResult.median(values);
    }

    @JsonProperty
    public double spread() {
      return BenchResult.spread(values);
    }
  }

  /**
   * One figure: the kit's side and the reference side, each a rate per round.
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
   * @param target the ratio the kit aims at, or null for none
   */
  @JsonIgnoreProperties(value = {"kitMedian", "referenceMedian", "ratio", "ratioPerCpuSecond", "kitSpread",
      "referenceSpread"}, allowGetters = true) // derived: written for readers of bench.json, not read back
  public record Figure(String name, String unit, String kitLabel, String referenceLabel, double[] kit,
                       double[] reference, double[] kitPerCpuSecond, double[] referencePerCpuSecond,
                       Double target) {

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
    return (Arrays.stream(values).max().getAsDouble() - Arrays.stream(values).min().getAsDouble()) / median(values);
  }
}

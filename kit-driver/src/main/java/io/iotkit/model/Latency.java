package io.iotkit.model;

import io.iotkit.binding.Aggregate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * A latency distribution summarised in milliseconds, and the merging of instance histograms into a phase's.
 *
 * @param count operations recorded
 */
public record Latency(long count, double minMs, double meanMs, double p50Ms, double p95Ms, double p99Ms,
                      double maxMs) {

  public static Latency of(Histogram micros) {
    if (micros.getTotalCount() == 0) {
      return new Latency(0, 0, 0, 0, 0, 0, 0);
    }
    return new Latency(micros.getTotalCount(), micros.getMinValue() / 1e3, micros.getMean() / 1e3,
        micros.getValueAtPercentile(50) / 1e3,
        micros.getValueAtPercentile(95) / 1e3, micros.getValueAtPercentile(99) / 1e3,
        micros.getMaxValue() / 1e3);
  }

  /** Latency summaries of a phase's instances: ingest, the insert call, then each query template, in that order. */
  public static Map<Operation, Latency> summaries(List<InstanceResult> instances) {
    Map<Operation, Latency> all = new LinkedHashMap<>();
    all.put(Operation.INGEST, of(merge(instances, InstanceResult::ingestHistogram)));
    all.put(Operation.INSERT, of(merge(instances, InstanceResult::insertHistogram)));
    for (Aggregate a : Aggregate.values()) {
      all.put(Operation.query(a), of(merge(instances, i -> i.queryHistograms().get(a))));
    }
    return all;
  }

  /** All instances' insert latencies of a phase, in µs. */
  public static Histogram inserts(PhaseResult phase) {
    return merge(phase.instances(), InstanceResult::insertHistogram);
  }

  /** All instances' ingest latencies (generation to acknowledgement) of a phase, in µs. */
  public static Histogram ingest(PhaseResult phase) {
    return merge(phase.instances(), InstanceResult::ingestHistogram);
  }

  /** All instances' latencies of one query template in a phase, in µs. */
  public static Histogram queries(PhaseResult phase, Aggregate template) {
    return merge(phase.instances(), i -> i.queryHistograms().get(template));
  }

  private static Histogram merge(List<InstanceResult> instances, Function<InstanceResult, LatencyHistogram> of) {
    Histogram all = new Histogram(3);
    for (InstanceResult i : instances) {
      LatencyHistogram h = of.apply(i);
      if (h != null) {
        all.add(h.micros());
      }
    }
    return all;
  }
}

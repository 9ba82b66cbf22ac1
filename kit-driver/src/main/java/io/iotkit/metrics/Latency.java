package io.iotkit.metrics;

import io.iotkit.binding.Aggregate;
import io.iotkit.result.InstanceResult;
import io.iotkit.result.PhaseResult;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * A latency distribution summarised in milliseconds, and the merging of instance histograms into a phase's.
 *
 * @param count operations recorded
 */
public record Latency(long count, double minMs, double meanMs, double p95Ms, double p99Ms, double maxMs) {

  public static Latency of(Histogram micros) {
    if (micros.getTotalCount() == 0) {
      return new Latency(0, 0, 0, 0, 0, 0);
    }
    return new Latency(micros.getTotalCount(), micros.getMinValue() / 1e3, micros.getMean() / 1e3,
        micros.getValueAtPercentile(95) / 1e3, micros.getValueAtPercentile(99) / 1e3,
        micros.getMaxValue() / 1e3);
  }

  /** All instances' insert latencies of a phase, in µs. */
  public static Histogram inserts(PhaseResult phase) {
    return merge(phase, InstanceResult::insertHistogram);
  }

  /** All instances' latencies of one query template in a phase, in µs. */
  public static Histogram queries(PhaseResult phase, Aggregate template) {
    return merge(phase, i -> i.queryHistograms().get(template));
  }

  private static Histogram merge(PhaseResult phase, Function<InstanceResult, String> encoded) {
    Histogram all = new Histogram(3);
    for (InstanceResult i : phase.instances()) {
      String e = encoded.apply(i);
      if (e != null) {
        all.add(HistogramCodec.decode(e));
      }
    }
    return all;
  }
}

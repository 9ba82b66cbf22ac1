package io.iotkit.bench;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A bench's measured rounds in Prometheus's model, each as it ends: its rate and its client CPU per operation, with
 * the labels {@code bench} (the bench folder's name), {@code figure}, {@code side} (kit or reference) and
 * {@code round}.
 */
public final class BenchMetrics implements RoundListener, MultiCollector {
  private final String bench;
  private final Map<Labels, BenchPart.Round> rounds = new LinkedHashMap<>();

  public BenchMetrics(String bench) {
    this.bench = bench;
  }

  @Override
  public synchronized void round(String figure, BenchPart.Side side, int round, BenchPart.Round measured) {
    rounds.put(Labels.of("bench", bench, "figure", figure, "side", side.name().toLowerCase(Locale.ROOT), "round",
        Integer.toString(round)), measured);
  }

  @Override
  public synchronized MetricSnapshots collect() {
    return MetricSnapshots.builder()
        .metricSnapshot(gauge("iotkit_bench_round_rate", "Operations per second of wall time in the round",
            BenchPart.Round::rate))
        .metricSnapshot(gauge("iotkit_bench_round_cpu_seconds_per_operation", "The bench JVM's CPU seconds per"
            + " operation in the round (its JIT compiler's left out)", r -> r.cpuSeconds() / r.operations()))
        .build();
  }

  private GaugeSnapshot gauge(String name, String help, ToDoubleFunction<BenchPart.Round> value) {
    GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
    rounds.forEach((labels, r) -> b.dataPoint(GaugeDataPointSnapshot.builder().labels(labels)
        .value(value.applyAsDouble(r)).build()));
    return b.build();
  }
}

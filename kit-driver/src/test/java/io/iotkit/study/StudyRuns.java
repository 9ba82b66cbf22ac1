package io.iotkit.study;

import io.iotkit.binding.Aggregate;
import io.iotkit.model.LatencyHistogram;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Latency;
import io.iotkit.model.Metrics;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.Pricing;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.RunInputs;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Run results with figures chosen by the test: each substation's ingest time, so IoTps and the spread are known
 * exactly; insert latencies; optionally a pacing rate and sampled resources.
 */
public final class StudyRuns {
  private static final long S = 1_000_000L;
  /** One line item of USD 100,000: the price is not what a study reads. */
  private static final Pricing PRICING = new Pricing("Example Sponsor",
      "Example IoT Gateway", "USD", List.of(new Pricing.LineItem("server", 100_000, 1,
      LocalDate.of(2026, 1, 10))));
  private static final long T0 = Instant.parse("2026-03-02T09:00:00Z").getEpochSecond() * S;

  private StudyRuns() {
  }

  /**
   * A completed run: both measured runs have substations that each ingest {@code perSubstation} kvps in the given
   * seconds (iteration 2 takes 10 % longer, so iteration 2 is the performance run with the times x 1.1).
   *
   * @param insertMicros every insert's latency in µs (one value per insert, recorded {@code perSubstation} times
   *     over the substations)
   */
  public static RunResult run(long perSubstation, double[] ingestSeconds, long insertMicros, long rate,
                       ResourceUsage resources) {
    return run(perSubstation, ingestSeconds, insertMicros, rate, resources, PhaseSeries.empty());
  }

  /** The same, its measured runs with {@code series} as their per-second series. */
  public static RunResult run(long perSubstation, double[] ingestSeconds, long insertMicros, long rate,
                              ResourceUsage resources, PhaseSeries series) {
    int p = ingestSeconds.length;
    List<IterationResult> its = new ArrayList<>();
    for (int n = 1; n <= 2; n++) {
      double stretch = n == 1 ? 1.0 : 1.1;
      long start = T0 + n * 10_000 * S;
      List<InstanceResult> instances = new ArrayList<>();
      for (int i = 0; i < p; i++) {
        Histogram ins = new Histogram(3);
        ins.recordValueWithCount(insertMicros, perSubstation);
        Map<Aggregate, LatencyHistogram> q = new EnumMap<>(Aggregate.class);
        for (Aggregate a : Aggregate.values()) {
          Histogram h = new Histogram(3);
          h.recordValueWithCount(1000L * (a.ordinal() + 1), 10);
          q.put(a, new LatencyHistogram(h));
        }
        instances.add(new InstanceResult(i, "s" + i, perSubstation, perSubstation, 0, start,
            start + Math.round(ingestSeconds[i] * stretch * S), 40, 0, 8000, 0, Map.of(), new LatencyHistogram(ins),
            new LatencyHistogram(ins), q, new long[0], null));
      }
      long end = instances.stream().mapToLong(InstanceResult::endMicros).max().orElseThrow();
      PhaseResult warmup = new PhaseResult("warmup", false, start - 5000 * S, start - 3000 * S, instances);
      PhaseResult measured = new PhaseResult("measured", true, start, end, instances, series,
          Latency.summaries(instances), resources);
      its.add(new IterationResult(n, List.of(), warmup, measured, 0, List.of(), Map.of(), List.of(), Map.of()));
    }
    RunInputs inputs = new RunInputs(p, perSubstation * p, io.iotkit.model.WorkloadSpec.KVP_BYTES, "memory", 10, 1, false,
        null, null, null, List.of(), null, rate, io.iotkit.model.Arrivals.FIXED, false, Map.of(), 0, 0, null);
    return new RunResult("0.1.0", "r", RunStatus.COMPLETED, "", Instant.ofEpochSecond(T0 / S),
        Instant.ofEpochSecond(T0 / S + 30_000), inputs, null, null, "memory", Map.of(), List.of(), its, List.of(),
        Metrics.compute(its, PRICING), PRICING, false, List.of("trial"), List.of(),
        List.of());
  }

  /** A run whose substations each take {@code seconds}. */
  public static RunResult even(long perSubstation, int p, double seconds, long insertMicros) {
    double[] s = new double[p];
    java.util.Arrays.fill(s, seconds);
    return run(perSubstation, s, insertMicros, 0, null);
  }

  /**
   * Resources of one SUT process and one driver host and instance, constant over three seconds: the SUT's sockets
   * move 3 MB/s, the instance's 2.5 MB/s, and the server's folder grows by 20 MB; the master uses 0.03 CPU s/s
   * on average and 128 MiB at its peak.
   */
  public static ResourceUsage resources(double sutCpu, double driverUser, double driverSystem) {
    return new ResourceUsage(List.of(new ResourceUsage.HostUsage("h", List.of("master", "driver"), 2, 1L << 33,
        new double[] {driverUser, driverUser, driverUser}, new double[] {driverSystem, driverSystem, driverSystem},
        new double[3], new long[3], new long[3], new long[3], new long[3], new long[3])),
        List.of(new ResourceUsage.ProcessUsage("h", "region server", "sut", 42, new double[] {sutCpu, sutCpu, sutCpu},
            new long[] {1L << 30, 2L << 30, 3L << 29}, new long[3], new long[] {1_000_000, 3_000_000, 2_000_000},
            new long[] {2_000_000, 2_000_000, 2_000_000}, new long[] {500_000, 1_000_000, 1_500_000}),
            new ResourceUsage.ProcessUsage("h", "instance 0", "driver", 43, new double[] {9, 9, 9},
                new long[] {1L << 28, 1L << 28, 1L << 28}, new long[3], new long[3], new long[] {0, 0, 1_500_000},
                new long[] {2_000_000, 2_000_000, 2_000_000}),
            new ResourceUsage.ProcessUsage("h", "master", "master", 41, new double[] {0.02, 0.04, 0.03},
                new long[] {96L << 20, 128L << 20, 112L << 20}, new long[3], new long[3], new long[3], new long[3])),
        new ResourceUsage.DataFolder(1_000_000, 21_000_000));
  }

  /** The same run on a store that delivered every measured reading to a reader {@code micros} after generation. */
  public static RunResult withEndToEnd(RunResult r, long micros) {
    List<IterationResult> its = new ArrayList<>();
    for (IterationResult it : r.iterations()) {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(micros, it.measured().acknowledged());
      PhaseResult m = it.measured().withEndToEnd(new io.iotkit.model.EndToEnd(new LatencyHistogram(h), 0));
      its.add(new IterationResult(it.number(), it.substations(), it.warmup(), m, it.storedReadings(),
          it.substationCounts(), it.storeMeasurements(), it.checks(), it.dataLayout()));
    }
    return new RunResult(r.kitVersion(), r.runId(), r.status(), r.abortReason(), r.started(), r.finished(),
        r.inputs(), r.environment(), r.system(), r.sut(), r.sutSettings(), r.prerequisites(), its, r.cleanup(),
        r.metrics(), r.pricing(), r.compliant(), r.reasons(), r.driverHosts(), r.sutOutages());
  }

  /** The same run ended with another status. */
  public static RunResult withStatus(RunResult r, RunStatus status) {
    return new RunResult(r.kitVersion(), r.runId(), status, status == RunStatus.COMPLETED ? ""
        : "stopped by the test", r.started(), r.finished(), r.inputs(), r.environment(), r.system(), r.sut(),
        r.sutSettings(), r.prerequisites(), r.iterations(), r.cleanup(), r.metrics(), r.pricing(), r.compliant(),
        r.reasons(), r.driverHosts(), r.sutOutages());
  }
}

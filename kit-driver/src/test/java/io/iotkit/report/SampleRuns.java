package io.iotkit.report;

import io.iotkit.binding.Aggregate;
import io.iotkit.check.ExecutionRules;
import io.iotkit.disclosure.DisclosureFixture;
import io.iotkit.model.Arrivals;
import io.iotkit.model.CheckResult;
import io.iotkit.model.ConsumerRates;
import io.iotkit.model.Environment;
import io.iotkit.model.LatencyHistogram;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.SubstationCount;
import io.iotkit.model.Latency;
import io.iotkit.model.Metrics;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.QueryReads;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.Pricing;
import io.iotkit.model.RunInputs;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import io.iotkit.model.SampleUsage;
import io.iotkit.model.SystemDescription;
import io.iotkit.model.WorkloadSpec;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * Realistic synthetic run results for report and schema tests: two iterations of warmup and measured run over
 * four substations, second-by-second series, real encoded latency histograms, checks computed by the kit's own
 * {@link ExecutionRules}, and metrics by {@link Metrics#compute}. Everything is derived from a seed, so a
 * result is the same on every call.
 *
 * <p>{@link #completed()} is not compliant: its second measured run lasts less than 1800 s.
 * {@link #compliant()} passes every check. {@link #aborted()} stopped after the prerequisites.
 */
public final class SampleRuns {
  /** Substations (driver instances) in the sample runs. */
  public static final int SUBSTATIONS = 4;
  /** kvps per workload execution (K): ~16,500 kvps/s over 800 sensors lasts a little over 30 minutes. */
  public static final long KVPS = 30_000_000L;
  private static final long S = 1_000_000L;
  /** 2026-03-02T09:00:00Z in epoch µs. */
  private static final long T0 = Instant.parse("2026-03-02T09:00:00Z").getEpochSecond() * S;

  private SampleRuns() {
  }

  /** A completed run whose iteration 2 measured run is too short (1790 s): NOT COMPLIANT. */
  public static RunResult completed() {
    return run("20260302-090000", 42, new double[] {1830, 1790});
  }

  /** A completed, compliant run: both measured runs last over 1800 s. */
  public static RunResult compliant() {
    return run("20260303-090000", 7, new double[] {1815, 1842});
  }

  /** A run that aborted after its prerequisites: no iterations, no metrics. */
  public static RunResult aborted() {
    String reason = "memory: connection refused";
    return new RunResult("0.1.0", "20260304-090000", RunStatus.ABORTED, reason, Instant.ofEpochSecond(T0 / S),
        Instant.ofEpochSecond(T0 / S + 12), inputs(), environment(), null, "memory (embedded)", Map.of(),
        prerequisites(), List.of(), List.of(), null, pricing(), false, List.of("run aborted: " + reason), List.of(), List.of());
  }

  /** The same run with one more prerequisite check, e.g. to see how a report shows an odd check name. */
  public static RunResult withPrerequisite(RunResult r, CheckResult extra) {
    List<CheckResult> pre = new ArrayList<>(r.prerequisites());
    pre.add(extra);
    List<String> reasons = new ArrayList<>(r.reasons());
    if (!extra.passed()) {
      reasons.add(extra.reason());
    }
    return new RunResult(r.kitVersion(), r.runId(), r.status(), r.abortReason(), r.started(), r.finished(),
        r.inputs(), r.environment(), r.system(), r.sut(), r.sutSettings(), pre, r.iterations(), r.cleanup(),
        r.metrics(), r.pricing(), reasons.isEmpty(), reasons, r.driverHosts(), r.sutOutages());
  }

  /**
   * A completed run with the given measured-run lengths (seconds) for iterations 1 and 2.
   *
   * @param seed varies the noise in rates and latencies
   */
  public static RunResult run(String runId, long seed, double[] measuredSeconds) {
    Random rnd = new Random(seed);
    List<IterationResult> iterations = new ArrayList<>();
    List<CheckResult> cleanup = new ArrayList<>();
    long t = T0;
    for (int n = 1; n <= 2; n++) {
      if (n == 2) {
        cleanup.add(CheckResult.pass("cleanup: readings left after purge", "0", "0"));
        cleanup.add(CheckResult.pass("cleanup: temporary files deleted", "3 files", "all"));
        cleanup.add(CheckResult.pass("cleanup: SUT restarted", "embedded server stopped and started",
            "restarted"));
        t += 60 * S;
      }
      List<String> subs = new ArrayList<>();
      for (int i = 0; i < SUBSTATIONS; i++) {
        subs.add(String.format("mc4k2q-%d-%03d", n, i));
      }
      PhaseResult warmup = phase("iteration " + n + " warmup", false, t, 1_805 + rnd.nextInt(30), subs, rnd);
      t = warmup.endMicros() + 5 * S;
      PhaseResult measured = phase("iteration " + n + " measured", true, t, measuredSeconds[n - 1], subs, rnd);
      t = measured.endMicros() + 20 * S;
      long stored = warmup.acknowledged() + measured.acknowledged();
      List<SubstationCount> counts = ExecutionRules.substationCounts(subs, Map.of(), warmup, measured).stream()
          .map(c -> new SubstationCount(c.substation(), c.acknowledged(), c.acknowledged())).toList(); // none lost
      iterations.add(new IterationResult(n, subs, warmup, measured, stored, counts,
          Map.of("disk bytes", String.format("%,d", stored * 38), "compactions", Integer.toString(3 + n)),
          ExecutionRules.iteration(n, warmup, measured, counts, true), Map.of("regions", Integer.toString(SUBSTATIONS))));
    }
    Pricing pricing = pricing();
    Metrics metrics = Metrics.compute(iterations, pricing);
    List<CheckResult> prerequisites = prerequisites();
    List<String> reasons = new ArrayList<>();
    List<List<CheckResult>> all = new ArrayList<>();
    all.add(prerequisites);
    iterations.forEach(it -> all.add(it.checks()));
    all.add(cleanup);
    for (List<CheckResult> list : all) {
      list.stream().filter(c -> !c.passed())
          .forEach(c -> reasons.add(c.reason()));
    }
    return new RunResult("0.1.0", runId, RunStatus.COMPLETED, "", Instant.ofEpochSecond(T0 / S - 30),
        Instant.ofEpochSecond(t / S), inputs(), environment(), system(), "memory (embedded)",
        Map.of("version", "1.0", "replication", "3"), prerequisites, iterations, cleanup, metrics, pricing,
        reasons.isEmpty(), reasons, List.of(), List.of(new io.iotkit.model.SutOutage("iteration 1 measured",
            T0 + 100 * S, T0 + 103 * S + S / 5, "hbase: Call to 127.0.0.1:16020 failed")));
  }

  /**
   * The completed run with a read-only execution after each measured run: {@code perSecond} queries a second per
   * instance for {@code seconds}, as --queries-per-second and --query-seconds make it.
   */
  public static RunResult withReadOnly(long perSecond, int seconds) {
    RunResult r = completed();
    Random rnd = new Random(7);
    List<IterationResult> its = new ArrayList<>();
    for (IterationResult it : r.iterations()) {
      long start = it.measured().endMicros() + 2 * S;
      List<InstanceResult> instances = new ArrayList<>();
      for (int i = 0; i < it.substations().size(); i++) {
        long queries = perSecond * seconds;
        Map<Aggregate, LatencyHistogram> qh = new EnumMap<>(Aggregate.class);
        for (Aggregate a : Aggregate.values()) {
          qh.put(a, histogram(rnd, 900 + a.ordinal() * 200, 4_000, (int) (queries / 4)));
        }
        instances.add(new InstanceResult(i, it.substations().get(i), 0, 0, 0, start, start + seconds * S, queries,
            0, queries * 400, 0, Map.of(), histogram(rnd, 1, 1, 0), histogram(rnd, 1, 1, 0), qh,
            new long[seconds], 250L << 20, null, Map.of(), 900L));
      }
      PhaseResult readOnly = new PhaseResult("iteration " + it.number() + " read-only", true, start,
          start + seconds * S, instances, series(instances, rnd), Latency.summaries(instances),
          SampleUsage.of(seconds, instances.size(), start));
      its.add(new IterationResult(it.number(), it.substations(), it.warmup(), it.measured(), it.storedReadings(),
          it.substationCounts(), it.storeMeasurements(), it.checks(), it.dataLayout(), readOnly, null));
    }
    RunInputs in = r.inputs();
    RunInputs inputs = new RunInputs(in.substations(), in.kvps(), in.kvpBytes(), in.binding(), in.threads(),
        in.sutNodes(), in.strict(), in.bindingProperties(), in.pricing(), in.systemDescription(),
        in.instanceJvmOptions(), in.hosts(), in.rate(), in.arrivals(), in.noQueries(), in.givenProperties(),
        in.sutCpus(), in.sutMemoryBytes(), in.metricsEndpoint(), in.kvpBytesMax(), perSecond, seconds, false);
    return new RunResult(r.kitVersion(), r.runId(), r.status(), r.abortReason(), r.started(), r.finished(), inputs,
        r.environment(), r.system(), r.sut(), r.sutSettings(), r.prerequisites(), its, r.cleanup(), r.metrics(),
        r.pricing(), r.compliant(), r.reasons(), r.driverHosts(), r.sutOutages());
  }

  /**
   * The completed run as a store that delivers readings would have it: the reader on the master received each
   * measured run's readings by 2 s after its end, and a new consumer read each iteration's stored readings in 4 s.
   */
  public static RunResult withConsumers() {
    RunResult r = completed();
    List<IterationResult> its = new ArrayList<>();
    for (IterationResult it : r.iterations()) {
      long stored = it.warmup().acknowledged() + it.measured().acknowledged();
      long after = it.measured().endMicros() + 3 * S;
      ConsumerRates c = new ConsumerRates(new ConsumerRates.Consumed(it.measured().acknowledged(),
          it.measured().acknowledged() * 1024, it.measured().startMicros(), it.measured().endMicros() + 2 * S),
          new ConsumerRates.Consumed(stored, stored * 1024, after, after + 4 * S));
      its.add(new IterationResult(it.number(), it.substations(), it.warmup(), it.measured(), it.storedReadings(),
          it.substationCounts(), it.storeMeasurements(), it.checks(), it.dataLayout(), null, c));
    }
    return new RunResult(r.kitVersion(), r.runId(), r.status(), r.abortReason(), r.started(), r.finished(),
        r.inputs(), r.environment(), r.system(), r.sut(), r.sutSettings(), r.prerequisites(), its, r.cleanup(),
        r.metrics(), r.pricing(), r.compliant(), r.reasons(), r.driverHosts(), r.sutOutages());
  }

  /**
   * One workload execution: each substation ingests K / P kvps in about {@code seconds} (substations differ
   * by up to ~1.5 %, so the ingest spread is visible), with a short ramp-up and a few percent of noise.
   */
  private static PhaseResult phase(String name, boolean measured, long start, double seconds, List<String> subs,
                                   Random rnd) {
    List<InstanceResult> instances = new ArrayList<>();
    long share = KVPS / subs.size();
    for (int i = 0; i < subs.size(); i++) {
      // The slowest substation takes exactly `seconds`, so the phase lasts what the caller asked for.
      double own = i == 0 ? seconds : seconds * (1 - rnd.nextDouble() * 0.015);
      long[] perSecond = perSecond(share, own, rnd);
      long end = start + Math.round(own * S);
      long queries = Math.round(own * 10);
      Map<Aggregate, LatencyHistogram> qh = new EnumMap<>(Aggregate.class);
      for (Aggregate a : Aggregate.values()) {
        qh.put(a, histogram(rnd, 400 + a.ordinal() * 150, 2_500, (int) (queries / 4)));
      }
      long readings = queries * (380 + rnd.nextInt(60));
      // a store that reads each window exactly, except COUNT's, which reads a tenth more
      Map<Aggregate, QueryReads> reads = new EnumMap<>(Aggregate.class);
      for (Aggregate a : Aggregate.values()) {
        long aggregated = readings / Aggregate.values().length;
        reads.put(a, new QueryReads(aggregated, a == Aggregate.COUNT ? aggregated * 11 / 10 : aggregated, 0));
      }
      instances.add(new InstanceResult(i, subs.get(i), share, share, 0, start, end, queries, 0, readings,
          rnd.nextInt(3), reads, histogram(rnd, 900, 6_000, 20_000),
          histogram(rnd, 2_000, 30_000, 120_000), qh, perSecond, 300L << 20, null, Map.of(), 1_200L + i * 2_500L));
    }
    long end = instances.stream().mapToLong(InstanceResult::endMicros).max().orElse(start);
    // a Random of its own, so the rest of the sample stays as it was before resources were sampled
    return new PhaseResult(name, measured, start, end, instances, series(instances, rnd),
        Latency.summaries(instances), SampleUsage.of((int) Math.ceil(seconds), subs.size(), start));
  }

  /** kvps acknowledged in each second, summing to exactly {@code total}. */
  private static long[] perSecond(long total, double seconds, Random rnd) {
    int n = (int) Math.ceil(seconds);
    double[] weight = new double[n];
    double sum = 0;
    for (int s = 0; s < n; s++) {
      double ramp = Math.min(1, (s + 1) / 8.0);
      double tail = s == n - 1 ? seconds - (n - 1) : 1;
      weight[s] = ramp * tail * (1 + (rnd.nextDouble() - 0.5) * 0.08 + (s % 300 == 150 ? -0.25 : 0));
      sum += weight[s];
    }
    long[] kvps = new long[n];
    long given = 0;
    for (int s = 0; s < n; s++) {
      kvps[s] = Math.round(total * weight[s] / sum);
      given += kvps[s];
    }
    kvps[n / 2] += total - given;
    return kvps;
  }

  /** The phase's series: instances' seconds summed, and query latencies with an occasional stall. */
  private static PhaseSeries series(List<InstanceResult> instances, Random rnd) {
    int n = instances.stream().mapToInt(i -> i.acknowledgedPerSecond().length).max().orElse(0);
    long[] kvps = new long[n];
    long[] queries = new long[n];
    double[] p50 = new double[n];
    double[] p99 = new double[n];
    double[] max = new double[n];
    double[] ingestP50 = new double[n];
    double[] ingestP99 = new double[n];
    for (InstanceResult i : instances) {
      long[] own = i.acknowledgedPerSecond();
      for (int s = 0; s < own.length; s++) {
        kvps[s] += own[s];
        queries[s] += 10;
      }
    }
    for (int s = 0; s < n; s++) {
      double stall = s % 400 == 200 ? 6 : 1;
      p50[s] = (1.2 + rnd.nextDouble() * 0.4) * stall;
      p99[s] = p50[s] * (2.5 + rnd.nextDouble());
      max[s] = p99[s] * (1.1 + rnd.nextDouble() * 0.6);
      ingestP50[s] = 2 + rnd.nextDouble();
      ingestP99[s] = ingestP50[s] * (3 + rnd.nextDouble());
    }
    return new PhaseSeries(1000, kvps, queries, p50, p99, max, ingestP50, ingestP99);
  }

  /** A histogram of {@code count} latencies in µs around {@code typical}, with a tail up to {@code tail}. */
  private static LatencyHistogram histogram(Random rnd, int typical, int tail, int count) {
    Histogram h = new Histogram(3);
    for (int i = 0; i < count; i++) {
      long v = i % 100 == 0 ? typical + rnd.nextInt(tail) : Math.round(typical * (0.6 + rnd.nextDouble() * 0.8));
      h.recordValue(Math.max(1, v));
    }
    return new LatencyHistogram(h);
  }

  private static List<CheckResult> prerequisites() {
    return List.of(
        CheckResult.pass("kit files unchanged", "all 212 files match", "all 212 files match"),
        ExecutionRules.threads(WorkloadSpec.THREADS_PER_INSTANCE),
        ExecutionRules.replication(3, "binding default"));
  }

  private static RunInputs inputs() {
    return new RunInputs(SUBSTATIONS, KVPS, WorkloadSpec.KVP_BYTES, "memory", WorkloadSpec.THREADS_PER_INSTANCE, 1,
        false, null, "workloads/pricing.json", "workloads/system.json", List.of("-Xmx2g"), null, 0, Arrivals.FIXED,
        false, java.util.Map.of(), 0, 0, null);
  }

  private static Environment environment() {
    return DisclosureFixture.environment();
  }

  private static SystemDescription system() {
    return DisclosureFixture.system();
  }

  /** USD 100,000 in total, available 2026-05-15. */
  public static Pricing pricing() {
    return new Pricing("Example Sponsor", "Example IoT Gateway 1000", "USD", List.of(
        new Pricing.LineItem("server", 20_000, 3, LocalDate.of(2026, 3, 1)),
        new Pricing.LineItem("switch", 4_500.5, 2, LocalDate.of(2026, 5, 15)),
        new Pricing.LineItem("support", 30_999, 1, LocalDate.of(2026, 1, 10))));
  }
}

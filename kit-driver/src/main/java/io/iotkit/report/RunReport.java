package io.iotkit.report;

import io.iotkit.binding.Aggregate;
import io.iotkit.model.CheckResult;
import io.iotkit.model.ConsumerRates;
import io.iotkit.model.IterationResult;
import io.iotkit.model.KvpSize;
import io.iotkit.model.Latency;
import io.iotkit.model.Metrics;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.QueryReads;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResultView;
import io.iotkit.model.RunResult;
import io.iotkit.model.SutOutage;
import io.iotkit.model.UtcTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The run report of docs/PROTOCOL.md §6, as text, rendered from a {@link RunResult} alone (read through
 * {@link ResultView}, which settles what the result may lack).
 */
public final class RunReport {
  private final StringBuilder sb = new StringBuilder();

  private RunReport() {
  }

  public static String render(RunResult r) {
    return new RunReport().write(ResultView.of(r)).sb.toString();
  }

  private RunReport write(ResultView v) {
    RunResult r = v.result();
    line("IoT gateway benchmark kit %s - run report %s", r.kitVersion(), r.runId());
    line("status: %s%s", r.status(), v.abortReason().isEmpty() ? "" : " (" + v.abortReason() + ")");
    v.inputs().ifPresentOrElse(in -> {
      line("SUT: %s (binding %s)", r.sut(), in.binding());
      line("P = %d substations, K = %,d kvps per workload execution, %d insert threads per instance%s%s%s%s%s%s",
          in.substations(), in.kvps(), in.threads(), in.rate() > 0 ? ", " + in.pacing() : "",
          !in.kvpSize().equals(KvpSize.COMPLIANT) ? ", " + in.kvpSize().label() + "-byte kvps" : "",
          in.noQueries() ? ", no dashboard queries" : "",
          in.queriesPerSecond() > 0 ? ", " + in.readOnly() : "",
          in.consumeStored() ? ", a consumer-only read of each iteration" : "", in.strict() ? ", strict" : "");
    }, () -> line("SUT: %s", r.sut()));
    section("Prerequisite checks");
    checks(v.prerequisites());
    for (IterationResult it : v.iterations()) {
      if (it.number() > 1) {
        section("System cleanup");
        checks(v.cleanup());
      }
      iteration(it, v);
    }
    outages(r.sutOutages());
    v.metrics().ifPresent(m -> metrics(m, v));
    section("Result");
    line("%s", r.compliant() ? "COMPLIANT" : "NOT COMPLIANT");
    for (String why : v.reasons()) {
      line("  - %s", why);
    }
    List<String> warnings = v.warnings();
    if (!warnings.isEmpty()) {
      line("Warnings (%s):", ResultView.WARNING_NOTE);
      warnings.forEach(w -> line("  - %s", w));
    }
    return this;
  }

  private void iteration(IterationResult it, ResultView v) {
    section("Iteration " + it.number());
    line("  %-9s %-23s %-23s %10s %14s %12s", "", "TS_start (UTC)", "TS_end (UTC)", "elapsed s", "kvps", "kvps/s");
    phaseRow("warmup", it.warmup());
    phaseRow("measured", it.measured());
    for (PhaseResult p : ResultView.phases(it)) {
      line("  steady state, %s: %s", p.measured() ? "measured" : "warmup", p.steadyState().text());
      line("  start, %s: %s", p.measured() ? "measured" : "warmup", v.startText(p));
      line("  driver, %s: %s", p.measured() ? "measured" : "warmup", p.driverHeadroom().text());
    }
    line("  readings stored at the data check: %,d", it.storedReadings());
    it.storeMeasurements().forEach((name, value) -> line("  %s: %s", name, value));
    for (PhaseResult p : ResultView.phases(it)) {
      p.clientCounters().forEach((name, n) -> line("  driver's client count, %s: %s: %,d", p.measured() ? "measured"
          : "warmup", name, n));
    }
    PhaseResult m = it.measured();
    Metrics.IngestSpread spread = Metrics.IngestSpread.of(m);
    line("  measured ingest time per substation: min %.1f s, max %.1f s, avg %.1f s, spread %.1f%%",
        spread.min(), spread.max(), spread.average(), spread.spreadPercent());
    long empty = m.instances().stream().mapToLong(i -> i.emptyWindows()).sum();
    line("  measured queries: %,d, readings per query %.1f, empty windows %,d", m.queries(),
        m.readingsPerQuery(), empty);
    line("  %-28s %10s %9s %9s %9s %9s %9s", "latency (ms)", "count", "min", "avg", "p95", "p99", "max");
    m.latency().forEach((op, l) -> {
      if (l != null) {
        latencyRow(op.label(), l);
      }
    });
    if (m.endToEnd() != null) {
      line("  end to end: a reader on the master; %s", m.endToEnd().clockText());
    }
    if (it.consumers() != null) {
      consumers(it.consumers());
    }
    // what the store read to answer, against what the windows held: 1.00× reads only the windows
    Map<Aggregate, QueryReads> reads = m.queryReads();
    line("  read amplification (records the store read / readings aggregated):");
    for (Aggregate a : Aggregate.values()) {
      line("  %-22s %s", "query " + a.name().toLowerCase(Locale.ROOT), QueryReads.text(reads, a));
    }
    resources(m.resources());
    if (it.readOnly() != null) {
      readOnly(it.readOnly());
    }
    checks(it.checks());
  }

  /** What the consumers read: the reader on the master while the instances wrote, a new one after. */
  private void consumers(ConsumerRates c) {
    ConsumerRates.Consumed w = c.withProducers();
    line("  producer plus consumer: the reader on the master received the measured run's %,d readings in %.1f s"
        + " from TS_start = %,.0f readings/s%s", w.readings(), w.seconds(), w.readingsPerSecond(), mibPerSecond(w));
    ConsumerRates.Consumed a = c.alone();
    if (a != null) {
      line("  consumer only: a new consumer read the iteration's %,d stored readings in %.1f s = %,.0f readings/s%s",
          a.readings(), a.seconds(), a.readingsPerSecond(), mibPerSecond(a));
    }
  }

  private static String mibPerSecond(ConsumerRates.Consumed c) {
    Double b = c.bytesPerSecond();
    return b == null ? "" : String.format(Locale.ROOT, ", %.1f MiB/s", b / MIB);
  }

  /** The read-only execution: its rate, its queries' latency per template, and what it cost each side. */
  private void readOnly(PhaseResult r) {
    line("  read-only execution: %s to %s, %.1f s, %,d queries = %,.1f queries/s, %,d failed, readings per query"
        + " %.1f", UtcTime.ofMicros(r.startMicros()), UtcTime.ofMicros(r.endMicros()), r.elapsedSeconds(),
        r.queries(), r.queriesPerSecond(), r.failedQueries(), r.readingsPerQuery());
    line("  %-28s %10s %9s %9s %9s %9s %9s", "read-only latency (ms)", "count", "min", "avg", "p95", "p99", "max");
    r.latency().forEach((op, l) -> {
      if (l != null && l.count() > 0) {
        latencyRow(op.label(), l);
      }
    });
    resources(r.resources());
  }

  /** One line per host of the measured run: its mean CPU and peak memory, as sampled from /proc. */
  private void resources(ResourceUsage u) {
    if (u == null || u.hosts().isEmpty()) {
      line("  resource usage: not sampled");
      return;
    }
    for (ResourceUsage.HostUsage h : u.hosts()) {
      ResourceUsage.Summary cpu = ResourceUsage.Summary.of(h.cpuBusy());
      line("  host %s (%s): CPU mean %.2f of %d CPUs (peak %.2f), memory peak %.2f of %.2f GiB", h.host(),
          String.join("+", h.roles()), cpu.mean(), h.cpus(), cpu.peak(),
          ResourceUsage.Summary.of(h.memUsedBytes()).peak() / GIB, h.memTotalBytes() / GIB);
    }
    traffic(u, "sut", "SUT processes");
    traffic(u, "driver", "driver instances");
  }

  /** What one side's processes moved over TCP, loopback included; no line where it was not measured. */
  private void traffic(ResourceUsage u, String role, String who) {
    ResourceUsage.Traffic t = u.traffic(role);
    if (t != null) {
      line("  %s (%d): received %.1f MiB, sent %.1f MiB over TCP, loopback included", who, t.processes(),
          t.receivedBytes() / MIB, t.sentBytes() / MIB);
    }
  }

  private static final double MIB = 1L << 20;

  private static final double GIB = 1L << 30;

  /** Times the SUT went silent and came back: not fatal, but a reader must know. */
  private void outages(List<SutOutage> outages) {
    if (outages.isEmpty()) {
      return;
    }
    section("SUT outages (the SUT stopped answering, then answered again)");
    for (SutOutage o : outages) {
      line("  %s: %.1f s from %s (%s)", o.phase(), o.seconds(), UtcTime.ofMicros(o.startMicros()), o.cause());
    }
  }

  private void phaseRow(String name, PhaseResult p) {
    line("  %-9s %-23s %-23s %10.1f %,14d %,12.1f", name, UtcTime.ofMicros(p.startMicros()),
        UtcTime.ofMicros(p.endMicros()), p.elapsedSeconds(), p.acknowledged(), p.iotps());
  }

  private void latencyRow(String name, Latency l) {
    line("  %-28s %,10d %9.3f %9.3f %9.3f %9.3f %9.3f", name, l.count(), l.minMs(), l.meanMs(), l.p95Ms(),
        l.p99Ms(), l.maxMs());
  }

  private void metrics(Metrics m, ResultView v) {
    section("Metrics");
    line("  performance run: iteration %d (the measured run with the lower IoTps)", m.performanceIteration());
    line("  IoTps: %,.2f", m.iotps());
    for (int i = 0; i < m.iterationIotps().size(); i++) {
      line("  iteration %d IoTps: %,.2f", i + 1, m.iterationIotps().get(i));
    }
    line("  difference between the runs: %.2f%%", m.differencePercent());
    line("  per-sensor ingest rate: %.2f kvps/s", m.perSensorRate());
    line("  total cost of ownership (3 years): %s %,.2f", m.currency(), m.totalCost());
    line("  price/performance: %s %,.4f per IoTps = %s %,.2f per kIoTps", m.currency(), m.pricePerIotps(),
        m.currency(), m.pricePerKiotps());
    line("  system availability date: %s", m.availabilityDate());
    v.pricing().filter(p -> p.sponsor() != null)
        .ifPresent(p -> line("  sponsor: %s; priced system: %s", p.sponsor(), p.system()));
  }

  private void checks(List<CheckResult> checks) {
    for (CheckResult c : checks) {
      line("  %s", c.line());
    }
  }

  private void section(String title) {
    sb.append('\n').append(title).append('\n');
  }

  private void line(String format, Object... args) {
    sb.append(String.format(Locale.ROOT, format, args)).append('\n');
  }
}

package io.iotkit.report;

import static io.iotkit.report.Html.fmt;
import static io.iotkit.report.Html.orDash;

import io.iotkit.model.CheckResult;
import io.iotkit.model.DriverHostResult;
import io.iotkit.model.Environment;
import io.iotkit.model.IterationResult;
import io.iotkit.model.KvpSize;
import io.iotkit.model.Metrics;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.ResultView;
import io.iotkit.model.RunResult;
import io.iotkit.model.SutOutage;
import io.iotkit.model.UtcTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the run report's template ({@code run-report.mustache}) reads: records of preformatted strings, so the
 * template holds no logic beyond "if" and "for each". Mustache finds each name the template uses as a record
 * component or a method of that name; {@link #of} builds it from a run result.
 *
 * <p>A String component that may be null is a section the template shows only when it is there (the aborted
 * run's status line).
 *
 * @param charts the chart figures, laid out by {@link RunCharts}
 */
record RunReportView(PageFrame frame, String runId, String kitVersion, String sut, boolean compliant,
                     String compliance, List<Card> cards, String aborted, boolean hasMetrics, List<String> reasons,
                     List<String> warnings, List<Fact> facts, List<DriverHost> driverHosts, List<Outage> outages,
                     List<CheckGroup> checkGroups, boolean hasIterations, List<PhaseRow> phases,
                     List<ChartFigure> charts) {

  static RunReportView of(RunResult result) {
    ResultView v = ResultView.of(result);
    RunResult r = v.result();
    // The status line of a run that did not complete (a null status reads as nothing).
    String aborted = r.completed() ? null
        : "status " + Objects.toString(r.status(), "") + ": " + orDash(v.abortReason());
    return new RunReportView(PageFrame.of("Run report " + r.runId(), HtmlReport.CHART_IDS), text(r.runId()),
        text(r.kitVersion()), text(r.sut()), r.compliant(), r.compliant() ? "COMPLIANT" : "NOT COMPLIANT",
        cards(v.metrics()), aborted, v.metrics().isPresent(), v.reasons(), v.warnings(), facts(v),
        r.driverHosts().stream().map(DriverHost::of).toList(), r.sutOutages().stream().map(Outage::of).toList(),
        checkGroups(v), !v.iterations().isEmpty(), phases(v), RunCharts.of(v));
  }

  boolean hasReasons() {
    return !reasons.isEmpty();
  }

  boolean hasWarnings() {
    return !warnings.isEmpty();
  }

  /** What the warnings are, and are not. */
  String warningNote() {
    return ResultView.WARNING_NOTE;
  }

  boolean hasDriverHosts() {
    return !driverHosts.isEmpty();
  }

  boolean hasOutages() {
    return !outages.isEmpty();
  }

  private static String text(Object o) {
    return o == null ? "" : o.toString();
  }

  // ---- headline and facts ----

  /** A headline figure; its value is a dash when the run has no metrics. */
  record Card(String id, String label, String value) {
    static Card of(String id, String label, Optional<?> value) {
      return new Card(id, label, orDash(value.orElse(null)));
    }
  }

  private static List<Card> cards(Optional<Metrics> m) {
    String currency = m.map(Metrics::currency).orElse("");
    return List.of(Card.of("metric-iotps", "IoTps", m.map(x -> Html.iotps(x.iotps()))),
        Card.of("metric-price", currency + "/IoTps", m.map(x -> fmt("%,.4f", x.pricePerIotps()))),
        Card.of("metric-price-k", currency + "/kIoTps", m.map(x -> fmt("%,.2f", x.pricePerKiotps()))),
        Card.of("metric-availability", "availability date", m.map(Metrics::availabilityDate)));
  }

  /** A row of the run's facts; a missing value is a dash. */
  record Fact(String name, String value) {
    static Fact of(String name, String value) {
      return new Fact(name, orDash(value));
    }
  }

  private static List<Fact> facts(ResultView v) {
    RunResult r = v.result();
    List<Fact> f = new ArrayList<>();
    f.add(Fact.of("kit version", r.kitVersion()));
    f.add(Fact.of("run id", r.runId()));
    f.add(Fact.of("status", r.status() + (r.completed() ? "" : " (" + orDash(v.abortReason()) + ")")));
    f.add(Fact.of("started / finished", orDash(r.started()) + " / " + orDash(r.finished())));
    f.add(Fact.of("SUT", r.sut()));
    v.inputs().ifPresent(in -> {
      f.add(Fact.of("binding", in.binding()));
      f.add(Fact.of("P (substations)", Integer.toString(in.substations())));
      f.add(Fact.of("K (kvps per workload execution)", fmt("%,d", in.kvps())));
      f.add(Fact.of("insert threads per instance", in.threads() + (in.rate() > 0 ? ", " + in.pacing() : "")
          + (in.noQueries() ? ", no dashboard queries" : "")
          + (in.queriesPerSecond() > 0 ? ", " + in.readOnly() : "")
          + (in.consumeStored() ? ", a consumer-only read of each iteration" : "") + (in.strict() ? ", strict" : "")));
      f.add(Fact.of("kvp size", in.kvpSize().text() + (!in.kvpSize().equals(KvpSize.COMPLIANT)
          ? " (--kvp-bytes: a trial run)" : "")));
    });
    v.metrics().ifPresent(m -> {
      f.add(Fact.of("performance run",
          "iteration " + m.performanceIteration() + " (the measured run with the lower IoTps)"));
      for (int i = 0; i < m.iterationIotps().size(); i++) {
        f.add(Fact.of("iteration " + (i + 1) + " IoTps", Html.iotps(m.iterationIotps().get(i))));
      }
      f.add(Fact.of("difference between the runs", fmt("%.2f %%", m.differencePercent())));
      f.add(Fact.of("per-sensor ingest rate", fmt("%.2f kvps/s", m.perSensorRate())));
      f.add(Fact.of("total cost of ownership (3 years)", fmt("%s %,.2f", m.currency(), m.totalCost())));
    });
    v.pricing().ifPresent(p -> f.add(Fact.of("sponsor / priced system",
        orDash(p.sponsor()) + " / " + orDash(p.system()))));
    return f;
  }

  /** A driver host of a run over a host list: where its instances ran, and how far its clock was. */
  record DriverHost(String name, String instances, String clock, String cpuModel, String logicalCpus,
                    String memory, String jvm) {
    static DriverHost of(DriverHostResult h) {
      Environment e = h.environment();
      return new DriverHost(text(h.name()), text(h.instances()),
          fmt("%+.3f ms (± %.3f)", h.clockOffsetMicros() / 1e3, h.clockErrorMicros() / 1e3),
          orDash(e == null ? null : e.cpuModel()), orDash(e == null ? null : e.logicalCpus()),
          e == null || e.memoryBytes() == null ? "-" : fmt("%.1f GiB", e.memoryBytes() / (double) (1L << 30)),
          orDash(e == null ? null : e.jvm()));
    }
  }

  /** A time the SUT went silent during an execution and came back. */
  record Outage(String phase, String from, String seconds, String cause) {
    static Outage of(SutOutage o) {
      return new Outage(text(o.phase()), UtcTime.ofMicros(o.startMicros()), fmt("%.1f", o.seconds()),
          text(o.cause()));
    }
  }

  // ---- checks and iterations ----

  /** The checks of one stage of the run, under its title. */
  record CheckGroup(String title, List<Check> checks) {
    boolean none() {
      return checks.isEmpty();
    }

    static CheckGroup of(String title, List<CheckResult> checks) {
      return new CheckGroup(title, checks.stream().map(Check::of).toList());
    }
  }

  record Check(String name, String measured, String limit, boolean passed, String result, String why) {
    static Check of(CheckResult c) {
      return new Check(text(c.name()), text(c.measured().text()), text(c.limit().text()), c.passed(),
          c.passed() ? "PASS" : "FAIL", text(c.why()));
    }
  }

  private static List<CheckGroup> checkGroups(ResultView v) {
    List<CheckGroup> groups = new ArrayList<>();
    groups.add(CheckGroup.of("Prerequisites", v.prerequisites()));
    for (IterationResult it : v.iterations()) {
      // The cleanup ran between the iterations, so it is listed where it happened.
      if (it.number() > 1) {
        groups.add(CheckGroup.of("System cleanup", v.cleanup()));
      }
      groups.add(CheckGroup.of("Iteration " + it.number(), it.checks()));
    }
    if (v.iterations().size() < 2 && !v.cleanup().isEmpty()) {
      groups.add(CheckGroup.of("System cleanup", v.cleanup()));
    }
    return groups;
  }

  /** A row of the iterations table: one phase that ran; "readings stored" only on the measured run's. */
  record PhaseRow(String iteration, String phase, String start, String end, String elapsed, String kvps,
                  String iotps, String stored, String steadyState, String startSpread, String driver) {
  }

  private static List<PhaseRow> phases(ResultView v) {
    int performance = v.metrics().map(Metrics::performanceIteration).orElse(0);
    List<PhaseRow> rows = new ArrayList<>();
    for (IterationResult it : v.iterations()) {
      addPhase(rows, v, it, it.warmup(), "", performance);
      addPhase(rows, v, it, it.measured(), fmt("%,d", it.storedReadings()), performance);
      if (it.readOnly() != null) {
        rows.add(readOnlyRow(v, it.number(), it.readOnly()));
      }
    }
    return rows;
  }

  /** The read-only execution's row: its queries a second where a phase has IoTps, its p99 per template. */
  private static PhaseRow readOnlyRow(ResultView v, int iteration, PhaseResult p) {
    List<String> p99 = new ArrayList<>();
    p.latency().forEach((op, l) -> {
      if (op.template() != null && l != null && l.count() > 0) {
        p99.add(op.label() + " " + fmt("%.1f", l.p99Ms()) + " ms");
      }
    });
    return new PhaseRow(Integer.toString(iteration), text(p.name()), UtcTime.ofMicros(p.startMicros()),
        UtcTime.ofMicros(p.endMicros()), fmt("%.1f", p.elapsedSeconds()), "0 (queries only)",
        fmt("%,.1f queries/s", p.queriesPerSecond()), "", "p99: " + (p99.isEmpty() ? "-" : String.join(", ", p99))
        + fmt("; %,d queries, %,d failed", p.queries(), p.failedQueries()), v.startText(p), "");
  }

  /** Adds the row of a phase, unless the run stopped before it. */
  private static void addPhase(List<PhaseRow> rows, ResultView v, IterationResult it, PhaseResult p, String stored,
                               int performanceIteration) {
    if (p == null) {
      return;
    }
    boolean performance = p.measured() && it.number() == performanceIteration;
    rows.add(new PhaseRow(Integer.toString(it.number()), text(p.name()) + (performance ? " (performance run)" : ""),
        UtcTime.ofMicros(p.startMicros()), UtcTime.ofMicros(p.endMicros()), fmt("%.1f", p.elapsedSeconds()),
        fmt("%,d", p.acknowledged()), Html.iotps(p.iotps()), stored, p.steadyState().text(),
        v.startText(p), p.driverHeadroom().text()));
  }
}

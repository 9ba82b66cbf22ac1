package io.iotkit.report;

import static io.iotkit.report.Html.esc;
import static io.iotkit.report.Html.fmt;
import static io.iotkit.report.Html.orDash;

import io.iotkit.check.ExecutionRules;
import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Latency;
import io.iotkit.model.Metrics;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.RunResult;
import io.iotkit.model.UtcTime;
import io.iotkit.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The run report as one self-contained HTML page (inline style and SVG charts, no external resources), rendered
 * from a {@link RunResult} alone: headline metrics and compliance, every check, the iterations' figures, and
 * charts of ingest rate, query latency, and per-substation ingest.
 */
public final class HtmlReport {
  public static final String CHART_INGEST_RATE = "chart-ingest-rate";
  public static final String CHART_QUERY_LATENCY = "chart-query-latency";
  public static final String CHART_QUERY_TEMPLATES = "chart-query-templates";
  public static final String CHART_SUBSTATION_INGEST = "chart-substation-ingest";
  public static final String CHART_SENSOR_RATE = "chart-sensor-rate";
  /** The id of every chart figure the report has, in page order; each is a {@code figure.chart} with an SVG. */
  public static final List<String> CHART_IDS = List.of(CHART_INGEST_RATE, CHART_QUERY_LATENCY,
      CHART_QUERY_TEMPLATES, CHART_SUBSTATION_INGEST, CHART_SENSOR_RATE);

  private final StringBuilder sb = new StringBuilder(256 * 1024);
  private final RunResult r;

  private HtmlReport(RunResult r) {
    this.r = r;
  }

  public static String render(RunResult r) {
    HtmlReport report = new HtmlReport(r);
    report.write();
    return report.sb.toString();
  }

  private void write() {
    HtmlPage.open(sb, "Run report " + r.runId(), CHART_IDS);
    sb.append("<header><h1>IoT gateway benchmark: run report</h1>")
        .append(fmt("<p class=\"sub\">run <b>%s</b> · kit %s · SUT %s</p></header>\n", esc(r.runId()),
            esc(r.kitVersion()), esc(r.sut())));
    headline();
    facts();
    checks();
    iterations();
    sb.append("<h2>Charts</h2>\n");
    ingestRate();
    queryLatency();
    queryTemplates();
    substationIngest();
    sensorRate();
    HtmlPage.close(sb);
  }

  // ---- headline and facts ----

  private void headline() {
    Metrics m = r.metrics();
    sb.append("<section class=\"headline\" id=\"headline\">");
    sb.append(fmt("<div class=\"verdict %s\" id=\"verdict\">%s</div>", r.compliant() ? "ok" : "bad",
        r.compliant() ? "COMPLIANT" : "NOT COMPLIANT"));
    String currency = m == null ? "" : m.currency();
    card("metric-iotps", "IoTps", m == null ? null : Html.iotps(m.iotps()));
    card("metric-price", currency + "/IoTps", m == null ? null : fmt("%,.4f", m.pricePerIotps()));
    card("metric-price-k", currency + "/kIoTps", m == null ? null : fmt("%,.2f", m.pricePerKiotps()));
    card("metric-availability", "availability date", m == null ? null : m.availabilityDate());
    sb.append("</section>\n");
    if (!r.completed()) {
      sb.append(fmt("<p class=\"aborted\">status %s: %s</p>\n", esc(r.status()), esc(orDash(r.abortReason()))));
    }
    if (m == null) {
      sb.append("<p class=\"note\">No metrics: the run did not complete both iterations.</p>\n");
    }
    if (!list(r.reasons()).isEmpty()) {
      sb.append("<ul class=\"reasons\" id=\"reasons\">");
      for (String why : list(r.reasons())) {
        sb.append("<li>").append(esc(why)).append("</li>");
      }
      sb.append("</ul>\n");
    }
  }

  private void card(String id, String label, Object value) {
    sb.append(fmt("<div class=\"card\" id=\"%s\"><div class=\"label\">%s</div><div class=\"value\">%s</div></div>",
        id, esc(label), esc(orDash(value))));
  }

  private void facts() {
    sb.append("<h2>Run</h2>\n<table class=\"facts\">");
    fact("kit version", r.kitVersion());
    fact("run id", r.runId());
    fact("status", r.status() + (r.completed() ? "" : " (" + orDash(r.abortReason()) + ")"));
    fact("started / finished", orDash(r.started()) + " / " + orDash(r.finished()));
    fact("SUT", r.sut());
    if (r.inputs() != null) {
      fact("binding", r.inputs().binding());
      fact("P (substations)", Integer.toString(r.inputs().substations()));
      fact("K (kvps per workload execution)", fmt("%,d", r.inputs().kvps()));
      fact("insert threads per instance", r.inputs().threads() + (r.inputs().strict() ? ", strict" : ""));
    }
    Metrics m = r.metrics();
    if (m != null) {
      fact("performance run", "iteration " + m.performanceIteration() + " (the measured run with the lower IoTps)");
      for (int i = 0; i < m.iterationIotps().size(); i++) {
        fact("iteration " + (i + 1) + " IoTps", Html.iotps(m.iterationIotps().get(i)));
      }
      fact("difference between the runs", fmt("%.2f %%", m.differencePercent()));
      fact("per-sensor ingest rate", fmt("%.2f kvps/s", m.perSensorRate()));
      fact("total cost of ownership (3 years)", fmt("%s %,.2f", m.currency(), m.totalCost()));
    }
    if (r.pricing() != null) {
      fact("sponsor / priced system", orDash(r.pricing().sponsor()) + " / " + orDash(r.pricing().system()));
    }
    sb.append("</table>\n");
  }

  private void fact(String name, String value) {
    sb.append("<tr><th>").append(esc(name)).append("</th><td>").append(esc(orDash(value))).append("</td></tr>");
  }

  // ---- tables ----

  private void checks() {
    sb.append("<h2>Checks</h2>\n<table class=\"checks\" id=\"checks\"><thead><tr><th>check</th><th>measured</th>"
        + "<th>limit</th><th>result</th><th>why</th></tr></thead><tbody>");
    checkGroup("Prerequisites", r.prerequisites());
    for (IterationResult it : list(r.iterations())) {
      // The cleanup ran between the iterations, so it is listed where it happened.
      if (it.number() > 1) {
        checkGroup("System cleanup", r.cleanup());
      }
      checkGroup("Iteration " + it.number(), it.checks());
    }
    if (list(r.iterations()).size() < 2 && r.cleanup() != null && !r.cleanup().isEmpty()) {
      checkGroup("System cleanup", r.cleanup());
    }
    sb.append("</tbody></table>\n");
  }

  private void checkGroup(String title, List<CheckResult> checks) {
    sb.append("<tr class=\"group\"><td colspan=\"5\">").append(esc(title)).append("</td></tr>");
    if (checks == null || checks.isEmpty()) {
      sb.append("<tr><td colspan=\"5\" class=\"note\">none recorded</td></tr>");
      return;
    }
    for (CheckResult c : checks) {
      sb.append(fmt("<tr><td>%s</td><td>%s</td><td>%s</td><td class=\"%s\">%s</td><td>%s</td></tr>",
          esc(c.name()), esc(c.measured()), esc(c.limit()), c.passed() ? "pass" : "fail",
          c.passed() ? "PASS" : "FAIL", esc(c.why())));
    }
  }

  private void iterations() {
    sb.append("<h2>Iterations</h2>\n");
    if (list(r.iterations()).isEmpty()) {
      sb.append("<p class=\"note\">No iteration ran.</p>\n");
      return;
    }
    sb.append("<table class=\"iterations\" id=\"iterations\"><thead><tr><th>iteration</th><th>phase</th>"
        + "<th>TS_start (UTC)</th><th>TS_end (UTC)</th><th class=\"num\">elapsed s</th><th class=\"num\">kvps</th>"
        + "<th class=\"num\">IoTps</th><th class=\"num\">readings stored</th></tr></thead><tbody>");
    for (IterationResult it : list(r.iterations())) {
      phaseRow(it, it.warmup(), "");
      phaseRow(it, it.measured(), fmt("%,d", it.storedReadings()));
    }
    sb.append("</tbody></table>\n");
  }

  private void phaseRow(IterationResult it, PhaseResult p, String stored) {
    if (p == null) {
      return;
    }
    boolean performance = p.measured() && r.metrics() != null && r.metrics().performanceIteration() == it.number();
    sb.append(fmt("<tr><td>%d</td><td>%s%s</td><td>%s</td><td>%s</td><td class=\"num\">%.1f</td>"
            + "<td class=\"num\">%,d</td><td class=\"num\">%s</td><td class=\"num\">%s</td></tr>", it.number(),
        esc(p.name()), performance ? " (performance run)" : "", UtcTime.ofMicros(p.startMicros()), UtcTime.ofMicros(p.endMicros()),
        p.elapsedSeconds(), p.acknowledged(), Html.iotps(p.iotps()), stored));
  }

  // ---- charts ----

  private void figure(String id, String heading, String caption, List<SvgChart> charts) {
    sb.append(fmt("<figure id=\"%s\" class=\"chart\"><h3>%s</h3><div class=\"charts\">", id, esc(heading)));
    for (SvgChart c : charts) {
      sb.append(c.toSvg());
    }
    sb.append("</div><figcaption>").append(caption).append("</figcaption></figure>\n");
  }

  private void ingestRate() {
    LineChart chart = new LineChart("kvps acknowledged per second", "seconds since TS_start", "kvps/s", "kvps/s");
    for (IterationResult it : list(r.iterations())) {
      for (PhaseResult p : phases(it)) {
        PhaseSeries s = series(p);
        chart.addSampled("iteration " + it.number() + " " + p.name(), s.intervalMillis() / 1000.0,
            toDouble(s.kvps()));
      }
    }
    chart.wide(320);
    figure(CHART_INGEST_RATE, "Ingest rate over time", "kvps the SUT acknowledged in each second of every "
        + "workload execution, all substations together; each execution from its own TS_start.", List.of(chart));
  }

  private void queryLatency() {
    List<SvgChart> charts = new ArrayList<>();
    for (IterationResult it : measuredIterations()) {
      PhaseSeries s = series(it.measured());
      double interval = s.intervalMillis() / 1000.0;
      charts.add(new LineChart("Iteration " + it.number() + " measured run", "seconds since TS_start", "ms", "ms")
          .addSampled("p50", interval, s.queryP50Ms()).addSampled("p99", interval, s.queryP99Ms())
          .addSampled("max", interval, s.queryMaxMs()));
    }
    figure(CHART_QUERY_LATENCY, "Query latency over time", "Latency of the dashboard queries that ended in each "
        + "second of the measured runs: median, 99th percentile and maximum (0 where no query ended).",
        orNoData(charts, () -> new LineChart("Measured runs", "seconds since TS_start", "ms", "ms")));
  }

  private void queryTemplates() {
    List<SvgChart> charts = new ArrayList<>();
    StringBuilder tables = new StringBuilder();
    for (IterationResult it : measuredIterations()) {
      Map<String, Latency> latency = latency(it.measured());
      BarChart chart = new BarChart("Iteration " + it.number() + " measured run", "ms", "ms",
          List.of("p50", "p95", "p99", "max"));
      latency.forEach((name, l) -> {
        if (name.startsWith("query-")) {
          chart.category(name.substring("query-".length()), name, l.p50Ms(), l.p95Ms(), l.p99Ms(), l.maxMs());
        }
      });
      charts.add(chart);
      tables.append(latencyTable(it.number(), latency));
    }
    figure(CHART_QUERY_TEMPLATES, "Query latency per template", "Latency of each dashboard query template over "
        + "the whole measured run, and the insert calls' (a batching binding's calls that send a batch carry "
        + "its round trip)." + tables,
        orNoData(charts, () -> new BarChart("Measured runs", "ms", "ms", List.of("p50", "p95", "p99", "max"))));
  }

  private static String latencyTable(int iteration, Map<String, Latency> latency) {
    if (latency.isEmpty()) {
      return "";
    }
    StringBuilder t = new StringBuilder(fmt("<table class=\"latency\"><thead><tr><th>iteration %d measured, ms"
        + "</th><th class=\"num\">count</th><th class=\"num\">min</th><th class=\"num\">mean</th>"
        + "<th class=\"num\">p50</th><th class=\"num\">p95</th><th class=\"num\">p99</th><th class=\"num\">max</th>"
        + "</tr></thead><tbody>", iteration));
    latency.forEach((name, l) -> t.append(fmt("<tr><td>%s</td><td class=\"num\">%,d</td><td class=\"num\">%.3f"
            + "</td><td class=\"num\">%.3f</td><td class=\"num\">%.3f</td><td class=\"num\">%.3f</td>"
            + "<td class=\"num\">%.3f</td><td class=\"num\">%.3f</td></tr>", esc(name), l.count(), l.minMs(),
        l.meanMs(), l.p50Ms(), l.p95Ms(), l.p99Ms(), l.maxMs())));
    return t.append("</tbody></table>").toString();
  }

  private void substationIngest() {
    List<SvgChart> charts = new ArrayList<>();
    StringBuilder spreads = new StringBuilder("<table class=\"spread\"><thead><tr><th>measured run</th>"
        + "<th class=\"num\">min s</th><th class=\"num\">max s</th><th class=\"num\">average s</th>"
        + "<th class=\"num\">spread</th></tr></thead><tbody>");
    for (IterationResult it : measuredIterations()) {
      PhaseResult m = it.measured();
      BarChart chart = new BarChart("Iteration " + it.number() + " measured run", "ingest time s", "s",
          List.of("ingest time"));
      for (InstanceResult i : list(m.instances())) {
        chart.category(i.substation(), "substation " + i.substation() + " (instance " + i.instance() + ")",
            i.ingestSeconds());
      }
      charts.add(chart);
      if (!list(m.instances()).isEmpty()) {
        Metrics.IngestSpread s = Metrics.IngestSpread.of(m);
        spreads.append(fmt("<tr><td>iteration %d</td><td class=\"num\">%.1f</td><td class=\"num\">%.1f</td>"
                + "<td class=\"num\">%.1f</td><td class=\"num\">%.1f %%</td></tr>", it.number(), s.min(), s.max(),
            s.average(), s.spreadPercent()));
      }
    }
    spreads.append("</tbody></table>");
    figure(CHART_SUBSTATION_INGEST, "Ingest time per substation", "Seconds from TS_start to each substation's "
        + "last acknowledged kvp in the measured runs; the spread is (max − min) / min." + spreads,
        orNoData(charts, () -> new BarChart("Measured runs", "ingest time s", "s", List.of("ingest time"))));
  }

  private void sensorRate() {
    double limit = ExecutionRules.MIN_KVPS_PER_SENSOR_SECOND;
    String limitLabel = fmt("minimum %s kvps/s per sensor", Html.plain(limit));
    int sensors = WorkloadSpec.SENSORS_PER_SUBSTATION;
    List<SvgChart> charts = new ArrayList<>();
    LineChart overTime = new LineChart("Per-sensor rate per second, measured runs", "seconds since TS_start",
        "kvps/s per sensor", "kvps/s per sensor");
    for (IterationResult it : measuredIterations()) {
      PhaseResult m = it.measured();
      BarChart chart = new BarChart("Iteration " + it.number() + " measured run, per substation",
          "kvps/s per sensor", "kvps/s per sensor", List.of("average rate per sensor"));
      for (InstanceResult i : list(m.instances())) {
        double seconds = i.ingestSeconds();
        chart.category(i.substation(), "substation " + i.substation(),
            seconds > 0 ? i.acknowledged() / seconds / sensors : Double.NaN);
      }
      chart.reference(limit, limitLabel);
      charts.add(chart);
      PhaseSeries s = series(m);
      int allSensors = Math.max(1, list(m.instances()).size()) * sensors;
      double[] perSensor = new double[s.length()];
      for (int i = 0; i < perSensor.length; i++) {
        perSensor[i] = (double) s.kvps()[i] / allSensors;
      }
      overTime.addSampled("iteration " + it.number() + " measured", s.intervalMillis() / 1000.0, perSensor);
    }
    overTime.reference(limit, limitLabel).wide(300);
    charts.add(overTime);
    figure(CHART_SENSOR_RATE, "Ingest rate per sensor", fmt("Each substation's kvps acknowledged / its ingest "
        + "time / %d sensors, and all substations' rate in each second / their sensors, against the protocol's "
        + "minimum of %s kvps/s per sensor.", sensors, Html.plain(limit)), charts);
  }

  // ---- helpers: results read from JSON may lack optional parts ----

  private static List<SvgChart> orNoData(List<SvgChart> charts, java.util.function.Supplier<SvgChart> empty) {
    return charts.isEmpty() ? List.of(empty.get()) : charts;
  }

  private static List<PhaseResult> phases(IterationResult it) {
    List<PhaseResult> list = new ArrayList<>();
    if (it.warmup() != null) {
      list.add(it.warmup());
    }
    if (it.measured() != null) {
      list.add(it.measured());
    }
    return list;
  }

  /** The phase's series with any missing array read as empty. */
  static PhaseSeries series(PhaseResult p) {
    PhaseSeries s = p == null ? null : p.series();
    if (s == null) {
      return PhaseSeries.empty();
    }
    return new PhaseSeries(s.intervalMillis() > 0 ? s.intervalMillis() : 1000,
        s.kvps() == null ? new long[0] : s.kvps(), s.queries() == null ? new long[0] : s.queries(),
        orEmpty(s.queryP50Ms()), orEmpty(s.queryP99Ms()), orEmpty(s.queryMaxMs()));
  }

  private static double[] orEmpty(double[] values) {
    return values == null ? new double[0] : values;
  }

  static <T> List<T> list(List<T> values) {
    return values == null ? List.of() : values;
  }

  /** The iterations that have a measured run. */
  private List<IterationResult> measuredIterations() {
    return list(r.iterations()).stream().filter(it -> it.measured() != null).toList();
  }

  static Map<String, Latency> latency(PhaseResult p) {
    return p == null || p.latency() == null ? Map.of() : p.latency();
  }

  static double[] toDouble(long[] values) {
    double[] d = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      d[i] = values[i];
    }
    return d;
  }
}

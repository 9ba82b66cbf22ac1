package io.iotkit.report;

import static io.iotkit.report.Html.esc;
import static io.iotkit.report.Html.fmt;
import static io.iotkit.report.Html.orDash;

import io.iotkit.model.CheckResult;
import io.iotkit.model.DriverHostResult;
import io.iotkit.model.Environment;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Metrics;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.ResultView;
import io.iotkit.model.RunResult;
import io.iotkit.model.SutOutage;
import io.iotkit.model.UtcTime;
import io.iotkit.model.WorkloadSpec;
import java.util.List;
import java.util.Optional;

/**
 * The run report as one self-contained HTML page (inline style and SVG charts, no external resources), rendered
 * from a {@link RunResult} alone: headline metrics and compliance, every check, the iterations' figures, and
 * charts of ingest rate, resource usage, query latency, and per-substation ingest ({@link RunCharts}). What the result may lack
 * is settled once by {@link ResultView}.
 */
public final class HtmlReport {
  public static final String CHART_INGEST_RATE = "chart-ingest-rate";
  public static final String CHART_RESOURCES = "chart-resources";
  public static final String CHART_QUERY_LATENCY = "chart-query-latency";
  public static final String CHART_QUERY_TEMPLATES = "chart-query-templates";
  public static final String CHART_SUBSTATION_INGEST = "chart-substation-ingest";
  public static final String CHART_SENSOR_RATE = "chart-sensor-rate";
  /** The id of every chart figure the report has, in page order; each is a {@code figure.chart} with an SVG. */
  public static final List<String> CHART_IDS = List.of(CHART_INGEST_RATE, CHART_RESOURCES, CHART_QUERY_LATENCY,
      CHART_QUERY_TEMPLATES, CHART_SUBSTATION_INGEST, CHART_SENSOR_RATE);

  private final StringBuilder sb = new StringBuilder(256 * 1024);
  private final ResultView v;
  private final RunResult r;

  private HtmlReport(ResultView v) {
    this.v = v;
    this.r = v.result();
  }

  public static String render(RunResult r) {
    HtmlReport report = new HtmlReport(ResultView.of(r));
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
    driverHosts();
    outages();
    checks();
    iterations();
    sb.append("<h2>Charts</h2>\n");
    sb.append(RunCharts.html(v));
    HtmlPage.close(sb);
  }

  // ---- headline and facts ----

  private void headline() {
    Optional<Metrics> m = v.metrics();
    sb.append("<section class=\"headline\" id=\"headline\">");
    sb.append(fmt("<div class=\"verdict %s\" id=\"verdict\">%s</div>", r.compliant() ? "ok" : "bad",
        r.compliant() ? "COMPLIANT" : "NOT COMPLIANT"));
    String currency = m.map(Metrics::currency).orElse("");
    card("metric-iotps", "IoTps", m.map(x -> Html.iotps(x.iotps())).orElse(null));
    card("metric-price", currency + "/IoTps", m.map(x -> fmt("%,.4f", x.pricePerIotps())).orElse(null));
    card("metric-price-k", currency + "/kIoTps", m.map(x -> fmt("%,.2f", x.pricePerKiotps())).orElse(null));
    card("metric-availability", "availability date", m.map(Metrics::availabilityDate).orElse(null));
    sb.append("</section>\n");
    if (!r.completed()) {
      sb.append(fmt("<p class=\"aborted\">status %s: %s</p>\n", esc(r.status()), esc(orDash(v.abortReason()))));
    }
    if (m.isEmpty()) {
      sb.append("<p class=\"note\">No metrics: the run did not complete both iterations.</p>\n");
    }
    if (!v.reasons().isEmpty()) {
      sb.append("<ul class=\"reasons\" id=\"reasons\">");
      for (String why : v.reasons()) {
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
    fact("status", r.status() + (r.completed() ? "" : " (" + orDash(v.abortReason()) + ")"));
    fact("started / finished", orDash(r.started()) + " / " + orDash(r.finished()));
    fact("SUT", r.sut());
    v.inputs().ifPresent(in -> {
      fact("binding", in.binding());
      fact("P (substations)", Integer.toString(in.substations()));
      fact("K (kvps per workload execution)", fmt("%,d", in.kvps()));
      fact("insert threads per instance", in.threads() + (in.rate() > 0 ? ", " + in.pacing() : "")
          + (in.noQueries() ? ", no dashboard queries" : "") + (in.strict() ? ", strict" : ""));
      fact("kvp size", fmt("%,d bytes", in.kvpBytes()) + (in.kvpBytes() != WorkloadSpec.KVP_BYTES
          ? " (--kvp-bytes: a trial run)" : ""));
    });
    v.metrics().ifPresent(m -> {
      fact("performance run", "iteration " + m.performanceIteration() + " (the measured run with the lower IoTps)");
      for (int i = 0; i < m.iterationIotps().size(); i++) {
        fact("iteration " + (i + 1) + " IoTps", Html.iotps(m.iterationIotps().get(i)));
      }
      fact("difference between the runs", fmt("%.2f %%", m.differencePercent()));
      fact("per-sensor ingest rate", fmt("%.2f kvps/s", m.perSensorRate()));
      fact("total cost of ownership (3 years)", fmt("%s %,.2f", m.currency(), m.totalCost()));
    });
    v.pricing().ifPresent(p -> fact("sponsor / priced system", orDash(p.sponsor()) + " / " + orDash(p.system())));
    sb.append("</table>\n");
  }

  /** The driver hosts of a run over a host list: where each instance ran, and how far its clock was. */
  private void driverHosts() {
    if (r.driverHosts() == null || r.driverHosts().isEmpty()) {
      return;
    }
    sb.append("<h2>Driver hosts</h2>\n<table class=\"hosts\" id=\"driver-hosts\"><thead><tr><th>host</th>"
        + "<th>instances</th><th>clock offset</th><th>processor</th><th>logical CPUs</th><th>memory</th><th>JVM</th>"
        + "</tr></thead><tbody>");
    for (DriverHostResult h : r.driverHosts()) {
      Environment e = h.environment();
      sb.append(fmt("<tr><td>%s</td><td>%s</td><td>%+.3f ms (± %.3f)</td><td>%s</td><td>%s</td><td>%s</td>"
              + "<td>%s</td></tr>", esc(h.name()), esc(h.instances()), h.clockOffsetMicros() / 1e3,
          h.clockErrorMicros() / 1e3, esc(orDash(e == null ? null : e.cpuModel())),
          esc(orDash(e == null ? null : e.logicalCpus())),
          esc(e == null || e.memoryBytes() == null ? "-" : fmt("%.1f GiB", e.memoryBytes() / (double) (1L << 30))),
          esc(orDash(e == null ? null : e.jvm()))));
    }
    sb.append("</tbody></table>\n");
  }

  /** Times the SUT went silent during an execution and came back. */
  private void outages() {
    if (r.sutOutages().isEmpty()) {
      return;
    }
    sb.append("<h2>SUT outages</h2>\n<p>The SUT stopped answering the master's ping, then answered again; the run"
        + " went on.</p>\n<table id=\"sut-outages\"><thead><tr><th>execution</th><th>from (UTC)</th><th>seconds</th>"
        + "<th>what the ping met</th></tr></thead><tbody>");
    for (SutOutage o : r.sutOutages()) {
      sb.append(fmt("<tr><td>%s</td><td>%s</td><td>%.1f</td><td>%s</td></tr>", esc(o.phase()),
          esc(UtcTime.ofMicros(o.startMicros())), o.seconds(), esc(o.cause())));
    }
    sb.append("</tbody></table>\n");
  }

  private void fact(String name, String value) {
    sb.append("<tr><th>").append(esc(name)).append("</th><td>").append(esc(orDash(value))).append("</td></tr>");
  }

  // ---- tables ----

  private void checks() {
    sb.append("<h2>Checks</h2>\n<table class=\"checks\" id=\"checks\"><thead><tr><th>check</th><th>measured</th>"
        + "<th>limit</th><th>result</th><th>why</th></tr></thead><tbody>");
    checkGroup("Prerequisites", v.prerequisites());
    for (IterationResult it : v.iterations()) {
      // The cleanup ran between the iterations, so it is listed where it happened.
      if (it.number() > 1) {
        checkGroup("System cleanup", v.cleanup());
      }
      checkGroup("Iteration " + it.number(), it.checks());
    }
    if (v.iterations().size() < 2 && !v.cleanup().isEmpty()) {
      checkGroup("System cleanup", v.cleanup());
    }
    sb.append("</tbody></table>\n");
  }

  private void checkGroup(String title, List<CheckResult> checks) {
    sb.append("<tr class=\"group\"><td colspan=\"5\">").append(esc(title)).append("</td></tr>");
    if (checks.isEmpty()) {
      sb.append("<tr><td colspan=\"5\" class=\"note\">none recorded</td></tr>");
      return;
    }
    for (CheckResult c : checks) {
      sb.append(fmt("<tr><td>%s</td><td>%s</td><td>%s</td><td class=\"%s\">%s</td><td>%s</td></tr>",
          esc(c.name()), esc(c.measured().text()), esc(c.limit().text()), c.passed() ? "pass" : "fail",
          c.passed() ? "PASS" : "FAIL", esc(c.why())));
    }
  }

  private void iterations() {
    sb.append("<h2>Iterations</h2>\n");
    if (v.iterations().isEmpty()) {
      sb.append("<p class=\"note\">No iteration ran.</p>\n");
      return;
    }
    sb.append("<table class=\"iterations\" id=\"iterations\"><thead><tr><th>iteration</th><th>phase</th>"
        + "<th>TS_start (UTC)</th><th>TS_end (UTC)</th><th class=\"num\">elapsed s</th><th class=\"num\">kvps</th>"
        + "<th class=\"num\">IoTps</th><th class=\"num\">readings stored</th></tr></thead><tbody>");
    for (IterationResult it : v.iterations()) {
      phaseRow(it, it.warmup(), "");
      phaseRow(it, it.measured(), fmt("%,d", it.storedReadings()));
    }
    sb.append("</tbody></table>\n");
  }

  private void phaseRow(IterationResult it, PhaseResult p, String stored) {
    if (p == null) {
      return;
    }
    boolean performance = p.measured()
        && v.metrics().map(m -> m.performanceIteration() == it.number()).orElse(false);
    sb.append(fmt("<tr><td>%d</td><td>%s%s</td><td>%s</td><td>%s</td><td class=\"num\">%.1f</td>"
            + "<td class=\"num\">%,d</td><td class=\"num\">%s</td><td class=\"num\">%s</td></tr>", it.number(),
        esc(p.name()), performance ? " (performance run)" : "", UtcTime.ofMicros(p.startMicros()),
        UtcTime.ofMicros(p.endMicros()), p.elapsedSeconds(), p.acknowledged(), Html.iotps(p.iotps()), stored));
  }
}

package io.iotkit.report;

import static io.iotkit.report.Html.esc;
import static io.iotkit.report.Html.fmt;

import io.iotkit.model.Operation;
import io.iotkit.study.Saturation;
import io.iotkit.study.StudyRow;
import io.iotkit.study.StudyTable;
import io.iotkit.study.StudyText;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A study as a self-contained HTML page (study.html): charts of throughput, efficiency, ingest spread, latency and
 * resource use against the swept value, the study's tables, and a link to each point's run report. Also several
 * studies compared on one page.
 */
public final class StudyReport {
  public static final String CHART_IOTPS = "chart-study-iotps";
  public static final String CHART_EFFICIENCY = "chart-study-efficiency";
  public static final String CHART_PER_SENSOR = "chart-study-per-sensor";
  public static final String CHART_INGEST = "chart-study-ingest";
  public static final String CHART_INSERT_LATENCY = "chart-study-insert-latency";
  public static final String CHART_QUERY_LATENCY = "chart-study-query-latency";
  public static final String CHART_RESOURCES = "chart-study-resources";

  private StudyReport() {
  }

  /** One line of a chart: its name and its value at a row (null where the row has none). */
  private record Line(String name, Function<StudyRow, Double> value) {
  }

  /** The ids of the charts {@link #html} draws for this study: the resources chart only when sampled. */
  public static List<String> chartIds(StudyTable t) {
    List<String> ids = new ArrayList<>(List.of(CHART_IOTPS, CHART_EFFICIENCY, CHART_PER_SENSOR, CHART_INGEST,
        CHART_INSERT_LATENCY, CHART_QUERY_LATENCY));
    if (t.resourcesSampled()) {
      ids.add(CHART_RESOURCES);
    }
    return ids;
  }

  /** The study's page. */
  public static String html(StudyTable t) {
    StringBuilder sb = new StringBuilder(128 * 1024);
    String x = t.axisLabel();
    HtmlPage.open(sb, "Study " + t.name(), chartIds(t));
    sb.append("<header><h1>IoT gateway benchmark: study ").append(esc(t.name())).append("</h1>")
        .append("<p class=\"sub\">").append(esc(t.spec().describe())).append(" &mdash; swept: ").append(esc(x))
        .append(" = ").append(esc(String.join(", ", t.spec().values()))).append("</p></header>\n");
    headline(sb, t);

    List<Line> iotps = new ArrayList<>(List.of(new Line("IoTps (achieved)", StudyRow::iotps)));
    if (t.paced()) {
      iotps.add(new Line("offered rate (P x R)", StudyRow::offeredRate));
    }
    figure(sb, CHART_IOTPS, "System-wide IoTps", t.paced() ? "Achieved rate (each point's IoTps) beside the"
        + " offered rate, against the offered rate P x R." : "The metric of each point's run (its performance run)"
        + " against " + x + ".", chart(t, t.paced() ? "Achieved against offered load" : "IoTps against " + x,
        "kvps/s", "kvps/s", iotps, t.paced() ? StudyRow::offeredRate : null, 0));
    figure(sb, CHART_EFFICIENCY, "Scaling efficiency", "IoTps_i / (P_i / P_1 x IoTps_1) against the first point;"
        + " 1 is linear scaling (dashed).", chart(t, "Scaling efficiency against " + x, "efficiency", "",
        List.of(new Line("efficiency", StudyRow::efficiency)), null, 1));
    figure(sb, CHART_PER_SENSOR, "Per-sensor IoTps", "IoTps / (P x 200); the dashed line is the protocol's minimum"
        + " of 20 kvps/s per sensor.", chart(t, "Per-sensor IoTps against " + x, "kvps/s per sensor", "kvps/s",
        List.of(new Line("per-sensor IoTps", StudyRow::perSensor)), null, 20));
    figure(sb, CHART_INGEST, "Ingest time per substation", "Fastest, slowest and average substation's ingest time"
        + " in the performance run (the paper's Figure 15).", chart(t, "Ingest time against " + x, "seconds", "s",
        List.of(new Line("min", StudyRow::ingestMinSeconds), new Line("avg", StudyRow::ingestAvgSeconds),
            new Line("max", StudyRow::ingestMaxSeconds)), null, 0));
    List<Line> insert = List.of(new Line("insert p50", StudyRow::insertP50Ms),
        new Line("insert p99", StudyRow::insertP99Ms), new Line("insert p99.9", StudyRow::insertP999Ms));
    figure(sb, CHART_INSERT_LATENCY, t.paced() ? "Insert latency against offered load" : "Insert latency",
        t.paced() ? "Insert latency from each reading's scheduled send time against the offered rate P x R. "
            + t.saturation().describe() : "Insert latency percentiles of each point's performance run.",
        chart(t, t.paced() ? "Insert latency against offered load" : "Insert latency against " + x, "ms", "ms",
            insert, t.paced() ? StudyRow::offeredRate : null, 0));
    List<Line> queries = new ArrayList<>();
    for (Operation q : StudyTable.QUERIES) {
      queries.add(new Line(q.key() + " avg", r -> r.queryAvgMs().get(q)));
      queries.add(new Line(q.key() + " p99", r -> r.queryP99Ms().get(q)));
    }
    figure(sb, CHART_QUERY_LATENCY, "Query latency", "Average and p99 latency per dashboard query template in each"
        + " point's performance run.", chart(t, "Query latency against " + x, "ms", "ms", queries, null, 0));
    if (t.resourcesSampled()) {
      figure(sb, CHART_RESOURCES, "Resource use", "Mean CPU seconds per second over each performance run: the"
          + " local SUT's processes together, and the driver hosts (user + system) together.",
          chart(t, "CPU against " + x, "CPU s/s", "s/s", List.of(new Line("SUT processes", StudyRow::sutCpu),
              new Line("driver hosts", StudyRow::driverCpu)), null, 0));
    } else {
      sb.append("<p class=\"note\">Resource use: not sampled in these runs (n/a in the tables).</p>\n");
    }

    sb.append("<h2>Points</h2><table id=\"study-points\"><thead><tr><th>").append(esc(x))
        .append("</th><th>status</th><th>run report</th></tr></thead><tbody>");
    for (StudyRow r : t.rows()) {
      sb.append("<tr><td>").append(esc(r.value())).append("</td><td>").append(esc(r.status())).append("</td><td>");
      if (r.runFolder() != null) {
        String href = r.runFolder() + "/report.html";
        sb.append(fmt("<a href=\"%s\">%s</a>", esc(href), esc(href)));
      } else {
        sb.append("–");
      }
      sb.append("</td></tr>");
    }
    sb.append("</tbody></table>\n");
    for (StudyText.Section s : StudyText.sections(t)) {
      table(sb, s);
    }
    String missing = StudyText.missing(t);
    if (!missing.isEmpty()) {
      sb.append("<p class=\"aborted\">").append(esc(missing)).append("</p>\n");
    }
    HtmlPage.close(sb);
    return sb.toString();
  }

  /** Studies side by side: their IoTps, efficiency and latencies against the swept value, one line per study. */
  public static String compare(List<StudyTable> studies) {
    StringBuilder sb = new StringBuilder(128 * 1024);
    HtmlPage.open(sb, "Comparison of " + studies.size() + " studies", List.of(CHART_IOTPS, CHART_EFFICIENCY,
        CHART_INSERT_LATENCY, CHART_QUERY_LATENCY));
    String x = studies.get(0).axisLabel();
    sb.append("<header><h1>IoT gateway benchmark: comparison of studies</h1><ul>");
    for (StudyTable t : studies) {
      sb.append("<li>").append(esc(t.name())).append(": ").append(esc(t.spec().describe())).append("</li>");
    }
    sb.append("</ul></header>\n");
    figure(sb, CHART_IOTPS, "System-wide IoTps", "Each study's IoTps against " + x + ".",
        compareChart(studies, "IoTps against " + x, "kvps/s", "kvps/s", StudyRow::iotps, 0));
    figure(sb, CHART_EFFICIENCY, "Scaling efficiency", "Each study against its own first point; 1 is linear"
        + " scaling (dashed).", compareChart(studies, "Scaling efficiency against " + x, "efficiency", "",
        StudyRow::efficiency, 1));
    figure(sb, CHART_INSERT_LATENCY, "Insert latency p99", "Each study's insert p99 against " + x + ".",
        compareChart(studies, "Insert p99 against " + x, "ms", "ms", StudyRow::insertP99Ms, 0));
    figure(sb, CHART_QUERY_LATENCY, "Query latency", "Each study's average query latency (mean of the templates'"
        + " averages) against " + x + ".", compareChart(studies, "Query latency against " + x, "ms", "ms",
        StudyText::queryAverage, 0));
    String text = StudyText.compare(studies);
    sb.append("<h2>Side by side</h2><pre>").append(esc(text)).append("</pre>\n");
    HtmlPage.close(sb);
    return sb.toString();
  }

  private static void headline(StringBuilder sb, StudyTable t) {
    sb.append("<div class=\"headline\">");
    long measured = t.rows().stream().filter(StudyRow::measured).count();
    card(sb, "points with a result", measured + " of " + t.rows().size());
    t.rows().stream().filter(StudyRow::measured).max(java.util.Comparator.comparingDouble(StudyRow::iotps))
        .ifPresent(r -> card(sb, "highest IoTps (" + t.axisLabel() + "=" + r.value() + ")", Html.iotps(r.iotps())));
    if (t.paced()) {
      Saturation s = t.saturation();
      card(sb, "saturation", s.reached() ? fmt("%,.0f kvps/s offered", s.offeredRate()) : "not reached");
    }
    sb.append("</div>\n");
  }

  private static void card(StringBuilder sb, String label, String value) {
    sb.append(fmt("<div class=\"card\"><div class=\"label\">%s</div><div class=\"value\">%s</div></div>", esc(label),
        esc(value)));
  }

  private static void table(StringBuilder sb, StudyText.Section s) {
    sb.append("<h2>").append(esc(s.title())).append("</h2><table><thead><tr>");
    List<String> head = s.rows().get(0);
    for (int i = 0; i < head.size(); i++) {
      sb.append(fmt("<th class=\"%s\">%s</th>", i == 0 ? "" : "num", esc(head.get(i))));
    }
    sb.append("</tr></thead><tbody>");
    for (List<String> row : s.rows().subList(1, s.rows().size())) {
      sb.append("<tr>");
      for (int i = 0; i < row.size(); i++) {
        sb.append(fmt("<td class=\"%s\">%s</td>", i == 0 ? "" : "num", esc(row.get(i))));
      }
      sb.append("</tr>");
    }
    sb.append("</tbody></table>\n");
    if (!s.note().isEmpty()) {
      sb.append("<p>").append(esc(s.note())).append("</p>\n");
    }
  }

  private static void figure(StringBuilder sb, String id, String heading, String caption, SvgChart chart) {
    ComparisonReport.figure(sb, id, heading, caption, chart.wide(320));
  }

  /**
   * A chart of {@code lines} against the swept value (or against {@code xOf} when given): a line chart over a
   * numeric swept value, grouped bars over names such as bindings. Points without the figure are left out.
   *
   * @param reference a dashed reference line at this value, or 0 for none
   */
  private static SvgChart chart(StudyTable t, String title, String yLabel, String unit, List<Line> lines,
                                Function<StudyRow, Double> xOf, double reference) {
    SvgChart chart;
    if (t.numericAxis()) {
      LineChart c = new LineChart(title, xOf != null ? "offered kvps/s" : t.axisLabel(), yLabel, unit);
      for (Line l : lines) {
        List<StudyRow> rows = t.rows().stream().filter(r -> l.value().apply(r) != null
            && (xOf == null || xOf.apply(r) != null)).toList();
        c.add(l.name(), rows.stream().mapToDouble(r -> xOf != null ? xOf.apply(r) : Double.parseDouble(r.value()))
            .toArray(), rows.stream().mapToDouble(r -> l.value().apply(r)).toArray());
      }
      chart = c;
    } else {
      BarChart c = new BarChart(title, yLabel, unit, lines.stream().map(Line::name).toList());
      for (StudyRow r : t.rows()) {
        c.category(r.value(), lines.stream().mapToDouble(l -> orNaN(l.value().apply(r))).toArray());
      }
      chart = c;
    }
    return reference > 0 ? chart.reference(reference, reference == 1 ? "linear scaling" : "protocol minimum")
        : chart;
  }

  private static SvgChart compareChart(List<StudyTable> studies, String title, String yLabel, String unit,
                                       Function<StudyRow, Double> value, double reference) {
    SvgChart chart;
    if (studies.get(0).numericAxis()) {
      LineChart c = new LineChart(title, studies.get(0).axisLabel(), yLabel, unit);
      for (StudyTable t : studies) {
        List<StudyRow> rows = t.rows().stream().filter(r -> value.apply(r) != null).toList();
        c.add(t.name(), rows.stream().mapToDouble(r -> Double.parseDouble(r.value())).toArray(),
            rows.stream().mapToDouble(r -> value.apply(r)).toArray());
      }
      chart = c;
    } else {
      BarChart c = new BarChart(title, yLabel, unit, studies.stream().map(StudyTable::name).toList());
      for (String v : StudyText.values(studies)) {
        c.category(v, studies.stream().mapToDouble(t -> t.rows().stream().filter(r -> r.value().equals(v))
            .findFirst().map(value).map(StudyReport::orNaN).orElse(Double.NaN)).toArray());
      }
      chart = c;
    }
    return reference > 0 ? chart.reference(reference, "linear scaling") : chart;
  }

  private static double orNaN(Double v) {
    return v == null ? Double.NaN : v;
  }
}

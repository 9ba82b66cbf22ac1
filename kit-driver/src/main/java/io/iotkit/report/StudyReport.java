package io.iotkit.report;

import io.iotkit.model.Operation;
import io.iotkit.model.PhaseSeries;
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
  public static final String CHART_INGEST_LATENCY = "chart-study-ingest-latency";
  public static final String CHART_INGEST_P99_OVER_TIME = "chart-study-ingest-p99-over-time";
  public static final String CHART_QUERY_LATENCY = "chart-study-query-latency";
  public static final String CHART_RESOURCES = "chart-study-resources";

  /** The id of every chart figure of the comparison of studies. */
  static final List<String> COMPARE_CHART_IDS = List.of(CHART_IOTPS, CHART_EFFICIENCY, CHART_INGEST_LATENCY,
      CHART_QUERY_LATENCY);

  private StudyReport() {
  }

  /** One line of a chart: its name and its value at a row (null where the row has none). */
  private record Line(String name, Function<StudyRow, Double> value) {
  }

  /** The ids of the charts {@link #html} draws for this study: the resources chart only when sampled. */
  public static List<String> chartIds(StudyTable t) {
    List<String> ids = new ArrayList<>(List.of(CHART_IOTPS, CHART_EFFICIENCY, CHART_PER_SENSOR, CHART_INGEST,
        CHART_INGEST_LATENCY, CHART_INGEST_P99_OVER_TIME, CHART_QUERY_LATENCY));
    if (t.resourcesSampled()) {
      ids.add(CHART_RESOURCES);
    }
    return ids;
  }

  /** The study's page. */
  public static String html(StudyTable t) {
    return PageFrame.TEMPLATES.render("study.mustache", StudyView.of(t, charts(t)));
  }

  /** Studies side by side: their IoTps, efficiency and latencies against the swept value, one line per study. */
  public static String compare(List<StudyTable> studies) {
    return PageFrame.TEMPLATES.render("studies.mustache", StudiesView.of(studies, compareCharts(studies)));
  }

  /** The study page's charts, in the order of {@link #chartIds}. */
  private static List<ChartFigure> charts(StudyTable t) {
    String x = t.axisLabel();
    List<ChartFigure> charts = new ArrayList<>();
    List<Line> iotps = new ArrayList<>(List.of(new Line("IoTps (achieved)", StudyRow::iotps)));
    if (t.repeated()) {
      iotps.add(new Line("slowest run", r -> r.runs() == null ? null : r.runs().min()));
      iotps.add(new Line("fastest run", r -> r.runs() == null ? null : r.runs().max()));
    }
    if (t.paced()) {
      iotps.add(new Line("offered rate (P x R)", StudyRow::offeredRate));
    }
    String runs = t.repeated() ? " Each point ran " + t.spec().repeat() + " times: its median run, and its slowest"
        + " and fastest runs beside it." : "";
    charts.add(figure(CHART_IOTPS, "System-wide IoTps", (t.paced() ? "Achieved rate (each point's IoTps) beside the"
        + " offered rate, against the offered rate P x R." : "The metric of each point's run (its performance run)"
        + " against " + x + ".") + runs, chart(t, t.paced() ? "Achieved against offered load" : "IoTps against " + x,
        "kvps/s", "kvps/s", iotps, t.paced() ? StudyRow::offeredRate : null, 0)));
    charts.add(figure(CHART_EFFICIENCY, "Scaling efficiency", "IoTps_i / (P_i / P_1 x IoTps_1) against the first"
        + " point; 1 is linear scaling (dashed).", chart(t, "Scaling efficiency against " + x, "efficiency", "",
        List.of(new Line("efficiency", StudyRow::efficiency)), null, 1)));
    charts.add(figure(CHART_PER_SENSOR, "Per-sensor IoTps", "IoTps / (P x 200); the dashed line is the protocol's"
        + " minimum of 20 kvps/s per sensor.", chart(t, "Per-sensor IoTps against " + x, "kvps/s per sensor",
        "kvps/s", List.of(new Line("per-sensor IoTps", StudyRow::perSensor)), null, 20)));
    charts.add(figure(CHART_INGEST, "Ingest time per substation", "Fastest, slowest and average substation's ingest"
        + " time in the performance run (the paper's Figure 15).", chart(t, "Ingest time against " + x, "seconds",
        "s", List.of(new Line("min", StudyRow::ingestMinSeconds), new Line("avg", StudyRow::ingestAvgSeconds),
            new Line("max", StudyRow::ingestMaxSeconds)), null, 0)));
    List<Line> ingest = new ArrayList<>(List.of(new Line("ingest p50", r -> r.ingestLatency().p50Ms()),
        new Line("ingest p99", r -> r.ingestLatency().p99Ms()), new Line("ingest p99.9", r -> r.ingestLatency().p999Ms())));
    if (t.endToEnd()) {
      ingest.add(new Line("end to end p50", r -> r.endToEnd().p50Ms()));
      ingest.add(new Line("end to end p99", r -> r.endToEnd().p99Ms()));
    }
    charts.add(figure(CHART_INGEST_LATENCY, t.paced() ? "Ingest latency against offered load" : "Ingest latency",
        t.paced() ? "Ingest latency from each reading's scheduled send time to its acknowledgement, against the "
            + "offered rate P x R. "
            + t.saturation().describe(t.axisLabel()) + endToEndCaption(t) : "Ingest latency percentiles (generation to"
            + " acknowledgement) of each point's performance run." + endToEndCaption(t),
        chart(t, t.paced() ? "Ingest latency against offered load" : "Ingest latency against " + x, "ms", "ms",
            ingest, t.paced() ? StudyRow::offeredRate : null, 0)));
    charts.add(figure(CHART_INGEST_P99_OVER_TIME, "Ingest p99 over each run", "Each point's performance run,"
        + " second by second: the ingest p99 of the readings acknowledged in that second, from the run's start"
        + " (seconds without readings left out). A flat curve is a steady store; a rising one, a backlog.",
        overTime(t)));
    List<Line> queries = new ArrayList<>();
    for (Operation q : StudyTable.QUERIES) {
      queries.add(new Line(q.key() + " avg", r -> r.queryAvgMs().get(q)));
      queries.add(new Line(q.key() + " p99", r -> r.queryP99Ms().get(q)));
    }
    charts.add(figure(CHART_QUERY_LATENCY, "Query latency", "Average and p99 latency per dashboard query template"
        + " in each point's performance run.", chart(t, "Query latency against " + x, "ms", "ms", queries, null, 0)));
    if (t.resourcesSampled()) {
      charts.add(figure(CHART_RESOURCES, "Resource use", "Mean CPU seconds per second over each performance run:"
          + " the local SUT's processes together, and the driver hosts (user + system) together.",
          chart(t, "CPU against " + x, "CPU s/s", "s/s", List.of(
              new Line("SUT processes", r -> r.resources().sutCpu()),
              new Line("driver hosts", r -> r.resources().driverCpu())), null, 0)));
    }
    return charts;
  }

  /** The sentence on end-to-end lines, where the store delivered readings to a reader. */
  private static String endToEndCaption(StudyTable t) {
    return t.endToEnd() ? " End to end: from generation to a reader on the master holding the reading." : "";
  }

  /** The charts of the comparison of studies, in the order of {@link #COMPARE_CHART_IDS}. */
  private static List<ChartFigure> compareCharts(List<StudyTable> studies) {
    String x = studies.get(0).axisLabel();
    return List.of(
        figure(CHART_IOTPS, "System-wide IoTps", "Each study's IoTps against " + x + ".",
            compareChart(studies, "IoTps against " + x, "kvps/s", "kvps/s", StudyRow::iotps, 0)),
        figure(CHART_EFFICIENCY, "Scaling efficiency", "Each study against its own first point; 1 is linear"
            + " scaling (dashed).", compareChart(studies, "Scaling efficiency against " + x, "efficiency", "",
            StudyRow::efficiency, 1)),
        figure(CHART_INGEST_LATENCY, "Ingest latency p99", "Each study's ingest p99 against " + x + ".",
            compareChart(studies, "Ingest p99 against " + x, "ms", "ms", r -> r.ingestLatency().p99Ms(), 0)),
        figure(CHART_QUERY_LATENCY, "Query latency", "Each study's average query latency (mean of the templates'"
            + " averages) against " + x + ".", compareChart(studies, "Query latency against " + x, "ms", "ms",
            StudyText::queryAverage, 0)));
  }

  private static ChartFigure figure(String id, String heading, String caption, SvgChart chart) {
    return ChartFigure.of(id, heading, caption, chart.wide(320));
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

  /** One line per point with a result: its performance run's ingest p99 in each second that had readings. */
  private static SvgChart overTime(StudyTable t) {
    LineChart c = new LineChart("Ingest p99 over the performance run", "seconds from the start", "ms", "ms");
    for (StudyRow r : t.rows()) {
      PhaseSeries s = r.series();
      if (!r.measured() || s.length() == 0) {
        continue;
      }
      double interval = s.intervalMillis() / 1000.0;
      List<double[]> points = new ArrayList<>();
      for (int i = 0; i < s.length(); i++) {
        if (s.kvps()[i] > 0) {
          points.add(new double[] {i * interval, s.ingestP99Ms()[i]});
        }
      }
      c.add(t.axisLabel() + " " + r.value(), points.stream().mapToDouble(p -> p[0]).toArray(),
          points.stream().mapToDouble(p -> p[1]).toArray());
    }
    return c;
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

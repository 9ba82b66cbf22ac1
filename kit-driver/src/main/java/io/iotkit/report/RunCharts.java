package io.iotkit.report;

import static io.iotkit.report.Html.fmt;
import static io.iotkit.report.HtmlReport.CHART_INGEST_RATE;
import static io.iotkit.report.HtmlReport.CHART_QUERY_LATENCY;
import static io.iotkit.report.HtmlReport.CHART_LATENCY_DISTRIBUTION;
import static io.iotkit.report.HtmlReport.CHART_QUERY_TEMPLATES;
import static io.iotkit.report.HtmlReport.CHART_RESOURCES;
import static io.iotkit.report.HtmlReport.CHART_SENSOR_RATE;
import static io.iotkit.report.HtmlReport.CHART_SUBSTATION_INGEST;

import io.iotkit.binding.Aggregate;
import io.iotkit.check.ExecutionRules;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Latency;
import io.iotkit.model.Metrics;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.QueryReads;
import io.iotkit.model.ResultView;
import io.iotkit.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * The charts section of the HTML run report: ingest rate, query latency over time and per template,
 * per-substation ingest time and the per-sensor rate, each a {@link ChartFigure} with its charts and tables; a
 * chart without data says so.
 */
final class RunCharts {
  private final List<ChartFigure> figures = new ArrayList<>();
  private final ResultView v;

  private RunCharts(ResultView v) {
    this.v = v;
  }

  /** Every chart of {@link HtmlReport#CHART_IDS}, in that order. */
  static List<ChartFigure> of(ResultView v) {
    RunCharts c = new RunCharts(v);
    c.ingestRate();
    c.resources();
    c.queryLatency();
    c.queryTemplates();
    c.latencyDistribution();
    c.substationIngest();
    c.sensorRate();
    return List.copyOf(c.figures);
  }

  private void figure(String id, String heading, String caption, List<SvgChart> charts) {
    figure(id, heading, caption, charts, List.of());
  }

  private void figure(String id, String heading, String caption, List<SvgChart> charts, List<DataTable> tables) {
    figures.add(ChartFigure.of(id, heading, caption, charts, tables));
  }

  private void ingestRate() {
    LineChart chart = new LineChart("kvps acknowledged per second", "seconds since TS_start", "kvps/s", "kvps/s");
    for (IterationResult it : v.iterations()) {
      for (PhaseResult p : ResultView.phases(it)) {
        PhaseSeries s = p.series();
        chart.addSampled(p.name(), s.intervalMillis() / 1000.0, s.kvpsPerSecond());
      }
    }
    chart.wide(320);
    List<SvgChart> charts = new ArrayList<>(List.of(chart));
    for (IterationResult it : v.measuredIterations()) {
      PhaseSeries s = it.measured().series();
      double interval = s.intervalMillis() / 1000.0;
      charts.add(new LineChart("Ingest latency, iteration " + it.number() + " measured run", "seconds since TS_start",
          "ms", "ms").addSampled("p50", interval, s.ingestP50Ms()).addSampled("p99", interval, s.ingestP99Ms()));
    }
    figure(CHART_INGEST_RATE, "Ingest rate and latency over time", "kvps the SUT acknowledged in each second of "
        + "every workload execution, all substations together, each execution from its own TS_start; and the "
        + "ingest latency of the readings acknowledged in each second of the measured runs, from each reading's "
        + "generation (its scheduled time when paced) to the store's acknowledgement (0 where none was).", charts);
  }

  private void resources() {
    figure(CHART_RESOURCES, "Resource usage over time", "What each host and process used in each second of the "
        + "measured runs, sampled from /proc once a second from TS_start: per host CPU (CPU seconds per second over "
        + "all its CPUs: user, system, iowait), memory in use (total − available), bytes read from and written to "
        + "its disks and sent and received over its network; per process group CPU and resident memory (the "
        + "driver instances and, on a host with several, their sum). A run whose hosts have no /proc was not "
        + "sampled.", orNoData(ResourceCharts.of(v),
            () -> new LineChart("Resource usage: not sampled", "seconds since TS_start", "CPUs busy", "CPU s/s")));
  }

  private void queryLatency() {
    List<SvgChart> charts = new ArrayList<>();
    for (IterationResult it : v.measuredIterations()) {
      PhaseSeries s = it.measured().series();
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
    List<DataTable> tables = new ArrayList<>();
    for (IterationResult it : v.measuredIterations()) {
      Map<Operation, Latency> latency = it.measured().latency();
      BarChart chart = new BarChart("Iteration " + it.number() + " measured run", "ms", "ms",
          List.of("p50", "p95", "p99", "max"));
      latency.forEach((op, l) -> {
        if (op.isQuery()) {
          chart.category(op.template().name().toLowerCase(Locale.ROOT), op.key(), l.p50Ms(), l.p95Ms(), l.p99Ms(),
              l.maxMs());
        }
      });
      charts.add(chart);
      if (!latency.isEmpty()) {
        tables.add(latencyTable(it.number(), latency, it.measured().queryReads()));
      }
    }
    figure(CHART_QUERY_TEMPLATES, "Query latency per template", "Latency of each dashboard query template over "
        + "the whole measured run; ingest latency, from each reading's generation (its scheduled time when paced) "
        + "to the store's acknowledgement; the insert call's (how long the binding took to take a reading: "
        + "backpressure, not the store's answer); and each template's read amplification: the records the store "
        + "read to answer its windows / the readings they held.",
        orNoData(charts, () -> new BarChart("Measured runs", "ms", "ms", List.of("p50", "p95", "p99", "max"))),
        tables);
  }

  /** Percentile steps of the distribution chart, in nines: 0 is the minimum, 1 p90, 2 p99, 3 p99.9, 4 p99.99. */
  private static final double NINES_STEP = 0.25;
  private static final double MOST_NINES = 4;

  /**
   * Latency against percentile over each measured run, as HdrHistogram plots a distribution: ingest, end to end
   * where a reader measured it, and each query template, from the instances' histograms merged. The x axis counts nines, so the tail gets room.
   */
  private void latencyDistribution() {
    List<SvgChart> charts = new ArrayList<>();
    for (IterationResult it : v.measuredIterations()) {
      PhaseResult m = it.measured();
      LineChart chart = new LineChart("Iteration " + it.number() + " measured run",
          "percentile in nines (1 = p90, 2 = p99, 3 = p99.9, 4 = p99.99)", "ms", "ms");
      distribution(chart, Operation.INGEST.label(), Latency.ingest(m));
      if (m.endToEnd() != null) {
        distribution(chart, Operation.END_TO_END.label(), m.endToEnd().micros().micros());
      }
      for (Aggregate a : Aggregate.values()) {
        distribution(chart, Operation.query(a).label(), Latency.queries(m, a));
      }
      if (chart.hasData()) {
        charts.add(chart);
      }
    }
    figure(CHART_LATENCY_DISTRIBUTION, "Latency distribution", "Latency at each percentile of the whole measured "
        + "run: ingest (each reading from its generation, its scheduled time when paced, to the store's "
        + "acknowledgement), end to end on a store that delivers readings (from the same instant to a reader on the "
        + "master holding the reading) and each dashboard query template, from the driver instances' histograms "
        + "merged.",
        orNoData(charts, () -> new LineChart("Measured runs", "percentile in nines", "ms", "ms")));
  }

  private static void distribution(LineChart chart, String name, Histogram micros) {
    if (micros.getTotalCount() == 0) {
      return;
    }
    int points = (int) Math.round(MOST_NINES / NINES_STEP) + 1;
    double[] ms = new double[points];
    for (int i = 0; i < points; i++) {
      double percentile = 100 * (1 - Math.pow(10, -i * NINES_STEP));
      ms[i] = micros.getValueAtPercentile(percentile) / 1e3;
    }
    chart.addSampled(name, NINES_STEP, ms);
  }

  private static DataTable latencyTable(int iteration, Map<Operation, Latency> latency,
                                        Map<Aggregate, QueryReads> reads) {
    List<DataTable.Row> rows = new ArrayList<>();
    latency.forEach((op, l) -> rows.add(new DataTable.Row(op.label(), List.of(fmt("%,d", l.count()),
        fmt("%.3f", l.minMs()), fmt("%.3f", l.meanMs()), fmt("%.3f", l.p50Ms()), fmt("%.3f", l.p95Ms()),
        fmt("%.3f", l.p99Ms()), fmt("%.3f", l.maxMs()),
        op.isQuery() ? QueryReads.text(reads, op.template()) : ""))));
    return new DataTable("latency", new DataTable.Row("iteration " + iteration + " measured, ms", List.of("count",
        "min", "mean", "p50", "p95", "p99", "max", "read amplification")), rows);
  }

  private void substationIngest() {
    List<SvgChart> charts = new ArrayList<>();
    List<DataTable.Row> spreads = new ArrayList<>();
    for (IterationResult it : v.measuredIterations()) {
      PhaseResult m = it.measured();
      BarChart chart = new BarChart("Iteration " + it.number() + " measured run", "ingest time s", "s",
          List.of("ingest time"));
      for (InstanceResult i : m.instances()) {
        chart.category(i.substation(), "substation " + i.substation() + " (instance " + i.instance() + ")",
            i.ingestSeconds());
      }
      charts.add(chart);
      if (!m.instances().isEmpty()) {
        Metrics.IngestSpread s = Metrics.IngestSpread.of(m);
        spreads.add(new DataTable.Row("iteration " + it.number(), List.of(fmt("%.1f", s.min()),
            fmt("%.1f", s.max()), fmt("%.1f", s.average()), fmt("%.1f %%", s.spreadPercent()))));
      }
    }
    figure(CHART_SUBSTATION_INGEST, "Ingest time per substation", "Seconds from TS_start to each substation's "
        + "last acknowledged kvp in the measured runs; the spread is (max − min) / min.",
        orNoData(charts, () -> new BarChart("Measured runs", "ingest time s", "s", List.of("ingest time"))),
        List.of(new DataTable("spread", new DataTable.Row("measured run", List.of("min s", "max s", "average s",
            "spread")), spreads)));
  }

  private void sensorRate() {
    double limit = ExecutionRules.MIN_KVPS_PER_SENSOR_SECOND;
    String limitLabel = fmt("minimum %s kvps/s per sensor", Html.plain(limit));
    int sensors = WorkloadSpec.SENSORS_PER_SUBSTATION;
    List<SvgChart> charts = new ArrayList<>();
    LineChart overTime = new LineChart("Per-sensor rate per second, measured runs", "seconds since TS_start",
        "kvps/s per sensor", "kvps/s per sensor");
    for (IterationResult it : v.measuredIterations()) {
      PhaseResult m = it.measured();
      BarChart chart = new BarChart("Iteration " + it.number() + " measured run, per substation",
          "kvps/s per sensor", "kvps/s per sensor", List.of("average rate per sensor"));
      for (InstanceResult i : m.instances()) {
        double seconds = i.ingestSeconds();
        chart.category(i.substation(), "substation " + i.substation(),
            seconds > 0 ? i.acknowledged() / seconds / sensors : Double.NaN);
      }
      chart.reference(limit, limitLabel);
      charts.add(chart);
      PhaseSeries s = m.series();
      int allSensors = Math.max(1, m.instances().size()) * sensors;
      double[] perSensor = s.kvpsPerSecond();
      for (int i = 0; i < perSensor.length; i++) {
        perSensor[i] /= allSensors;
      }
      overTime.addSampled("iteration " + it.number() + " measured", s.intervalMillis() / 1000.0, perSensor);
    }
    overTime.reference(limit, limitLabel).wide(300);
    charts.add(overTime);
    figure(CHART_SENSOR_RATE, "Ingest rate per sensor", fmt("Each substation's kvps acknowledged / its ingest "
        + "time / %d sensors, and all substations' rate in each second / their sensors, against the protocol's "
        + "minimum of %s kvps/s per sensor.", sensors, Html.plain(limit)), charts);
  }

  private static List<SvgChart> orNoData(List<SvgChart> charts, Supplier<SvgChart> empty) {
    return charts.isEmpty() ? List.of(empty.get()) : charts;
  }
}

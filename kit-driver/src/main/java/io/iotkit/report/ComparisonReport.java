package io.iotkit.report;

import static io.iotkit.report.Html.fmt;

import io.iotkit.model.CheckResult;
import io.iotkit.model.Metrics;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.ResultView;
import io.iotkit.model.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Several runs side by side: metrics, each iteration's measured run, every check (matched by name), and the
 * p99 latencies, as a plain-text table or a self-contained HTML page with charts of IoTps and ingest rate.
 */
public final class ComparisonReport {
  public static final String CHART_IOTPS = "chart-compare-iotps";
  public static final String CHART_INGEST_RATE = "chart-compare-ingest-rate";
  /** The id of every chart figure of the HTML page. */
  public static final List<String> CHART_IDS = List.of(CHART_IOTPS, CHART_INGEST_RATE);
  /** Longer cells are cut so the text table stays readable in a terminal; the HTML page has them whole. */
  static final int MAX_TEXT_CELL = 40;

  /** One run to compare: the name of its run folder and its result. */
  public record Run(String name, RunResult result) {
  }

  /** One table row: a label and one cell per run, or a section heading when {@code cells} is empty. */
  record Row(String label, List<String> cells) {
    boolean heading() {
      return cells.isEmpty();
    }
  }

  private ComparisonReport() {
  }

  /** The comparison as a text table: one column per run, in the given order. */
  public static String text(List<Run> runs) {
    List<Row> rows = rows(runs);
    int labelWidth = rows.stream().mapToInt(r -> r.label().length()).max().orElse(0);
    int[] widths = new int[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      widths[i] = runs.get(i).name().length();
      for (Row r : rows) {
        if (!r.heading()) {
          widths[i] = Math.max(widths[i], cut(r.cells().get(i)).length());
        }
      }
    }
    StringBuilder sb = new StringBuilder();
    StringBuilder header = new StringBuilder(pad("", labelWidth));
    for (int i = 0; i < runs.size(); i++) {
      header.append("  ").append(pad(runs.get(i).name(), widths[i]));
    }
    sb.append(header.toString().stripTrailing()).append('\n');
    for (Row r : rows) {
      if (r.heading()) {
        sb.append('\n').append(r.label()).append('\n');
        continue;
      }
      StringBuilder line = new StringBuilder(pad(r.label(), labelWidth));
      for (int i = 0; i < runs.size(); i++) {
        line.append("  ").append(pad(cut(r.cells().get(i)), widths[i]));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }

  /** The comparison as a self-contained HTML page: the same table, and charts of IoTps and ingest rate. */
  public static String html(List<Run> runs) {
    return PageFrame.TEMPLATES.render("comparison.mustache",
        ComparisonView.of(runs, rows(runs), charts(runs)));
  }

  private static List<ChartFigure> charts(List<Run> runs) {
    BarChart iotps = new BarChart("IoTps per run", "IoTps", "IoTps", List.of("IoTps"));
    LineChart ingest = new LineChart("Performance run: kvps acknowledged per second", "seconds since TS_start",
        "kvps/s", "kvps/s");
    for (Run run : runs) {
      ResultView v = ResultView.of(run.result());
      iotps.category(run.name(), v.metrics().map(Metrics::iotps).orElse(Double.NaN));
      v.performanceIteration().ifPresent(it -> {
        PhaseSeries s = it.measured().series();
        ingest.addSampled(run.name() + " (iteration " + it.number() + ")", s.intervalMillis() / 1000.0,
            s.kvpsPerSecond());
      });
    }
    iotps.size(Math.min(1180, Math.max(480, 160 + runs.size() * 90)), 300);
    ingest.wide(320);
    return List.of(ChartFigure.of(CHART_IOTPS, "IoTps per run", "The metric of each run: IoTps of its performance"
            + " run (no bar for a run without metrics).", iotps),
        ChartFigure.of(CHART_INGEST_RATE, "Ingest rate of each performance run", "kvps acknowledged in each second"
            + " of each run's performance run (the measured run with the lower IoTps), from its TS_start.", ingest));
  }

  /** The table's rows, shared by the text and the HTML form. */
  static List<Row> rows(List<Run> runs) {
    List<ResultView> views = runs.stream().map(run -> ResultView.of(run.result())).toList();
    List<Row> rows = new ArrayList<>();
    rows.add(new Row("Metrics", List.of()));
    rows.add(row(views, r -> metric(r, m -> Html.iotps(m.iotps())), "IoTps"));
    rows.add(row(views, r -> metric(r, m -> fmt("%s %,.4f", m.currency(), m.pricePerIotps())), "price / IoTps"));
    rows.add(row(views, r -> metric(r, m -> fmt("%s %,.2f", m.currency(), m.pricePerKiotps())), "price / kIoTps"));
    rows.add(row(views, r -> metric(r, m -> String.valueOf(m.availabilityDate())), "availability date"));
    rows.add(row(views, r -> metric(r, m -> "iteration " + m.performanceIteration()), "performance run"));
    rows.add(row(views, r -> r.result().compliant() ? "COMPLIANT" : "NOT COMPLIANT", "compliant"));
    rows.add(row(views, r -> r.result().status() + (r.result().completed() ? "" : ": " + Html.orDash(r.abortReason())),
        "status"));

    Set<Integer> numbers = new TreeSet<>();
    views.forEach(v -> v.iterations().forEach(it -> numbers.add(it.number())));
    if (!numbers.isEmpty()) {
      rows.add(new Row("Measured runs", List.of()));
    }
    for (int n : numbers) {
      rows.add(row(views, r -> r.measured(n).map(it -> Html.iotps(it.measured().iotps())).orElse("–"),
          "iteration " + n + " IoTps"));
      rows.add(row(views, r -> r.measured(n).map(it -> fmt("%.1f", it.measured().elapsedSeconds())).orElse("–"),
          "iteration " + n + " elapsed s"));
    }

    // Checks are matched by name, in the order they first appear in any run.
    List<Map<String, CheckResult>> checks = views.stream().map(ComparisonReport::checksByName).toList();
    Set<String> names = new LinkedHashSet<>();
    checks.forEach(c -> names.addAll(c.keySet()));
    rows.add(new Row("Checks", List.of()));
    for (String name : names) {
      List<String> cells = new ArrayList<>();
      for (Map<String, CheckResult> c : checks) {
        CheckResult check = c.get(name);
        cells.add(check == null ? "–" : (check.passed() ? "PASS " : "FAIL ") + check.measured().text());
      }
      rows.add(new Row(name, cells));
    }

    rows.add(new Row("Latency p99 ms, measured runs", List.of()));
    for (int n : numbers) {
      Set<Operation> keys = new LinkedHashSet<>();
      views.forEach(v -> v.measured(n).ifPresent(it -> keys.addAll(it.measured().latency().keySet())));
      for (Operation key : keys) {
        rows.add(row(views, r -> r.measured(n).map(it -> it.measured().latency().get(key))
            .map(l -> fmt("%.3f", l.p99Ms())).orElse("–"), "iteration " + n + " " + key.key()));
      }
    }
    return rows;
  }

  private static Row row(List<ResultView> runs, Function<ResultView, String> cell, String label) {
    return new Row(label, runs.stream().map(cell).toList());
  }

  private static String metric(ResultView r, Function<Metrics, String> f) {
    return r.metrics().map(f).orElse("–");
  }

  private static Map<String, CheckResult> checksByName(ResultView r) {
    Map<String, CheckResult> byName = new LinkedHashMap<>();
    List<CheckResult> all = new ArrayList<>(r.prerequisites());
    r.iterations().forEach(it -> all.addAll(it.checks()));
    all.addAll(r.cleanup());
    all.forEach(c -> byName.putIfAbsent(c.name(), c));
    return byName;
  }

  private static String cut(String s) {
    return s.length() <= MAX_TEXT_CELL ? s : s.substring(0, MAX_TEXT_CELL - 1) + "…";
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }
}

package io.iotkit.report;

import static io.iotkit.report.Html.fmt;

import io.iotkit.model.BenchResult;
import io.iotkit.model.Environment;
import io.iotkit.template.Templates;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** The kit's benchmark of itself as a text table and as a self-contained HTML page with its ratios charted. */
public final class BenchReport {
  public static final String CHART_RATIOS = "chart-bench-ratios";
  public static final String CHART_RATES = "chart-bench-rates";
  public static final List<String> CHART_IDS = List.of(CHART_RATIOS, CHART_RATES);
  /** The table's columns, shared by the text and the HTML form. */
  static final List<String> COLUMNS = List.of("figure", "kit", "reference", "ratio", "per CPU s",
      "target", "spread kit / ref");

  private BenchReport() {
  }

  /** The table the bench prints: each figure's medians, their ratio, the target and the rounds' spread. */
  public static String text(BenchResult r) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(COLUMNS);
    for (BenchResult.Figure f : r.figures()) {
      rows.add(cells(f));
    }
    int[] widths = new int[COLUMNS.size()];
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    StringBuilder sb = new StringBuilder(header(r)).append('\n');
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder(pad(row.get(0), -widths[0]));
      for (int i = 1; i < row.size(); i++) {
        line.append("  ").append(pad(row.get(i), widths[i]));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    sb.append('\n');
    for (BenchResult.Figure f : r.figures()) {
      sb.append(fmt("  %s: kit = %s; reference = %s%n", f.name(), f.kitLabel(), f.referenceLabel()));
    }
    if (!r.measurements().isEmpty()) {
      sb.append("\nMeasurements of the kit alone (median of the measured rounds, no reference, no target):\n");
      int width = r.measurements().stream().mapToInt(m -> m.name().length()).max().orElse(0);
      for (BenchResult.Measurement m : r.measurements()) {
        sb.append(fmt("%s  %s%n", pad(m.name(), -width), value(m)));
      }
      sb.append('\n');
      for (BenchResult.Measurement m : r.measurements()) {
        sb.append(fmt("  %s: %s%n", m.name(), m.what()));
      }
    }
    return sb.toString();
  }

  /** The same table and two charts: each ratio beside its target, and the median rates side by side. */
  public static String html(BenchResult r) {
    return Templates.render(PageFrame.TEMPLATES, "bench.mustache", BenchView.of(r, charts(r)));
  }

  private static List<ChartFigure> charts(BenchResult r) {
    BarChart ratios = new BarChart("kit / reference", "ratio", "×", List.of("ratio (wall time)",
        "ratio per CPU second", "target"));
    BarChart rates = new BarChart("Median rates", "rate", r.figures().isEmpty() ? "" : r.figures().get(0).unit(),
        List.of("kit", "reference"));
    for (BenchResult.Figure f : r.figures()) {
      ratios.category(f.name(), f.ratio(), f.ratioPerCpuSecond(), f.target() == null ? Double.NaN : f.target());
      rates.category(f.name(), f.kitMedian(), f.referenceMedian());
    }
    ratios.reference(1, "parity: kit as fast as the reference").wide(340);
    rates.wide(340);
    return List.of(ChartFigure.of(CHART_RATIOS, "Ratios", "Median rate of the kit's side over the reference's, in"
            + " wall time and per second of the JVM's CPU time, beside what the kit aims at; the dashed line is"
            + " parity.", ratios),
        ChartFigure.of(CHART_RATES, "Median rates", "Each side's median rate over " + r.rounds()
            + " rounds; absolute rates depend on the machine and its load.", rates));
  }

  /** A figure's cells in the order of {@link #COLUMNS}, shared by the text and the HTML form. */
  static List<String> cells(BenchResult.Figure f) {
    return List.of(f.name(), fmt("%,.0f %s", f.kitMedian(), f.unit()), fmt("%,.0f %s", f.referenceMedian(), f.unit()),
        fmt("%.3f", f.ratio()), fmt("%.3f", f.ratioPerCpuSecond()), f.target() == null ? "–" : fmt("%.2f", f.target()),
        fmt("%.0f%% / %.0f%%", 100 * f.kitSpread(), 100 * f.referenceSpread()));
  }

  /** The median with its unit, and how far the rounds spread. */
  static String value(BenchResult.Measurement m) {
    return fmt("%,.2f %s (spread %.0f%%)", m.median(), m.unit(), 100 * m.spread());
  }

  /** The bench's date, rounds, machine and load. */
  static String header(BenchResult r) {
    Environment m = r.machine();
    return fmt("Kit benchmark, %s: %d rounds of about %s s per side after warmup, medians. Machine: %s, %s"
        + " logical CPUs, %s. Load average (1, 5, 15 min) %s before, %s after.", r.startedAt(), r.rounds(),
        Html.plain(r.roundSeconds()), Html.orDash(m.cpuModel()), Html.orDash(m.logicalCpus()),
        Html.orDash(m.jvm()), load(r.loadBefore()), load(r.loadAfter()));
  }

  private static String load(double[] load) {
    return load.length == 0 ? "unknown"
        : Arrays.stream(load).mapToObj(v -> fmt("%.2f", v)).collect(Collectors.joining(" "));
  }

  private static String pad(String s, int width) {
    return width < 0 ? s + " ".repeat(Math.max(0, -width - s.length())) : " ".repeat(Math.max(0, width - s.length())) + s;
  }
}

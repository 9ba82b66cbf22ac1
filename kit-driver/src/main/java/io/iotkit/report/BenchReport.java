package io.iotkit.report;

import static io.iotkit.report.Html.fmt;

import io.iotkit.model.BenchResult;
import io.iotkit.model.Environment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The kit's benchmark of itself as a text table and as a self-contained HTML page with its ratios charted. */
public final class BenchReport {
  public static final String CHART_RATIOS = "chart-bench-ratios";
  public static final String CHART_RATES = "chart-bench-rates";
  public static final List<String> CHART_IDS = List.of(CHART_RATIOS, CHART_RATES);
  /** The table's columns, shared by the text and the HTML form. */
  static final List<String> COLUMNS = List.of("figure", "quantity", "kit", "reference", "ratio",
      "95 % interval", "target", "verdict");

  private BenchReport() {
  }

  /**
   * The table the bench prints: for each figure, each quantity measured on both sides with its medians, their
   * ratio, its interval, the target and the verdict.
   */
  public static String text(BenchResult r) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(COLUMNS);
    for (BenchResult.Figure f : r.figures()) {
      rows.addAll(rows(f));
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
      line.append("  ").append(pad(row.get(1), -widths[1]));
      for (int i = 2; i < row.size(); i++) {
        line.append("  ").append(pad(row.get(i), widths[i]));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    sb.append('\n').append(INTERVALS).append('\n');
    for (BenchResult.Figure f : r.figures()) {
      sb.append(fmt("  %s: kit = %s; reference = %s%n", f.name(), f.kitLabel(), f.referenceLabel()));
    }
    if (!r.measurements().isEmpty()) {
      sb.append("\nMeasurements without a ratio (median of the rounds):\n");
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

  /**
   * The same table in Markdown, for docs: the header, one row per quantity of each figure, the note on intervals
   * and the measurements without a ratio.
   */
  public static String markdown(BenchResult r) {
    StringBuilder sb = new StringBuilder(header(r)).append("\n\n");
    sb.append(markdownRow(COLUMNS)).append(markdownRow(COLUMNS.stream().map(c -> "---").toList()));
    for (BenchResult.Figure f : r.figures()) {
      for (List<String> row : rows(f)) {
        sb.append(markdownRow(row));
      }
    }
    sb.append('\n').append(INTERVALS).append("\n\n");
    for (BenchResult.Figure f : r.figures()) {
      sb.append(fmt("- %s: kit = %s; reference = %s%n", f.name(), f.kitLabel(), f.referenceLabel()));
    }
    if (!r.measurements().isEmpty()) {
      sb.append("\n| measurement | value |\n|---|---|\n");
      for (BenchResult.Measurement m : r.measurements()) {
        sb.append(markdownRow(List.of(m.name(), value(m))));
      }
    }
    return sb.toString();
  }

  private static String markdownRow(List<String> cells) {
    return cells.stream().map(c -> c.replace("|", "\\|")).collect(Collectors.joining(" | ", "| ", " |\n"));
  }

  /** The same table and two charts: each ratio beside its target, and the median rates side by side. */
  public static String html(BenchResult r) {
    return PageFrame.TEMPLATES.render("bench.mustache", BenchView.of(r, charts(r)));
  }

  private static List<ChartFigure> charts(BenchResult r) {
    BarChart ratios = new BarChart("kit / reference", "ratio", "×", List.of(RATE, CLIENT_CPU, SERVER_CPU));
    BarChart rates = new BarChart("Median rates", "rate", r.figures().isEmpty() ? "" : r.figures().get(0).unit(),
        List.of("kit", "reference"));
    for (BenchResult.Figure f : r.figures()) {
      ratios.category(f.name(), ratio(f, RATE), ratio(f, CLIENT_CPU), ratio(f, SERVER_CPU));
      rates.category(f.name(), f.kitMedian(), f.referenceMedian());
    }
    ratios.reference(1, "parity: kit as the reference").wide(340);
    rates.wide(340);
    return List.of(ChartFigure.of(CHART_RATIOS, "Ratios", "Kit over reference, of the medians: the rate in wall"
            + " time (higher is better), and CPU time per reading of the client and of the local server (lower is"
            + " better); the dashed line is parity. The table gives each ratio's interval and target.", ratios),
        ChartFigure.of(CHART_RATES, "Median rates", "Each side's median rate over " + r.rounds()
            + " rounds; absolute rates depend on the machine and its load.", rates));
  }

  private static final String RATE = "rate (wall clock)";
  private static final String CLIENT_CPU = "client CPU per 10,000";
  private static final String SERVER_CPU = "server CPU per 10,000";

  /** How the intervals and verdicts were made, under the table. */
  static final String INTERVALS = "Ratios are kit over reference, of the medians of the measured rounds; the 95 %"
      + " interval is a bootstrap over the paired rounds. A verdict is met or missed only when the whole interval"
      + " lies on one side of the target, and needs at least " + BenchResult.Comparison.MIN_ROUNDS + " rounds;"
      + " otherwise it is undecided. CPU is per 10,000 operations: the bench JVM's own time for the client, less its"
      + " JIT compiler threads' (measured apart, below), and the local server's processes (every node, with the"
      + " processes under them) for the server.";

  private static double ratio(BenchResult.Figure f, String quantity) {
    return f.comparisons().stream().filter(c -> c.quantity().equals(quantity)).findFirst()
        .map(c -> c.ratio().ratio()).orElse(Double.NaN);
  }

  /** A figure's rows in the order of {@link #COLUMNS}, one per quantity, shared by the text and the HTML form. */
  static List<List<String>> rows(BenchResult.Figure f) {
    List<List<String>> rows = new ArrayList<>();
    for (BenchResult.Comparison c : f.comparisons()) {
      rows.add(List.of(rows.isEmpty() ? f.name() : "", c.quantity(), amount(c.kitMedian(), c.unit()),
          amount(c.referenceMedian(), c.unit()), fmt("%.3f", c.ratio().ratio()),
          fmt("%.3f – %.3f", c.ratio().low(), c.ratio().high()),
          c.target() == null ? "–" : fmt("%s %.2f", c.atLeast() ? "≥" : "≤", c.target()),
          c.verdict() == BenchResult.Verdict.NONE ? "–" : c.verdict().name().toLowerCase(Locale.ROOT)));
    }
    return rows;
  }

  private static String amount(double value, String unit) {
    return fmt(value >= 100 ? "%,.0f %s" : "%,.3f %s", value, unit);
  }

  /** The median with its unit, the peak and how far the rounds spread; with a ceiling, the verdict on the peak. */
  public static String value(BenchResult.Measurement m) {
    String spread = Double.isFinite(m.spread()) ? fmt("%.0f%%", 100 * m.spread()) : "–";
    String value = fmt("%,.2f %s (max %,.2f, spread %s)", m.median(), m.unit(), m.max(), spread);
    return m.ceiling() == null ? value
        : value + fmt(", peak ≤ %s: %s", Html.plain(m.ceiling()), m.verdict().name().toLowerCase(Locale.ROOT));
  }

  /** The bench's date, rounds, machine and load. */
  static String header(BenchResult r) {
    Environment m = r.machine();
    return fmt("Kit benchmark, %s: %d rounds of about %s s per side after warmup, medians. Machine: %s, %s"
        + " logical CPUs, %s. Load average (1, 5, 15 min) %s before, %s after. Pinned: %s.", r.startedAt(),
        r.rounds(), Html.plain(r.roundSeconds()), Html.orDash(m.cpuModel()), Html.orDash(m.logicalCpus()),
        Html.orDash(m.jvm()), load(r.loadBefore()), load(r.loadAfter()), r.pinning())
        + (r.failures().isEmpty() ? "" : " Not measured: " + String.join("; ", r.failures()) + ".");
  }

  private static String load(double[] load) {
    return load.length == 0 ? "unknown"
        : Arrays.stream(load).mapToObj(v -> fmt("%.2f", v)).collect(Collectors.joining(" "));
  }

  private static String pad(String s, int width) {
    return width < 0 ? s + " ".repeat(Math.max(0, -width - s.length())) : " ".repeat(Math.max(0, width - s.length())) + s;
  }
}

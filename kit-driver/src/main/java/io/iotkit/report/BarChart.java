package io.iotkit.report;

import static io.iotkit.report.Html.fmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Categories along the x axis, each with one bar per named series (grouped bars), e.g. latency percentiles per
 * query template. A missing value (NaN) leaves a gap. Every bar has a tooltip with its exact value.
 */
public final class BarChart extends SvgChart {
  /** Below this width a bar has no room for its value written above it; the tooltip still has it. */
  static final double MIN_LABELLED_BAR = 30;

  /** One category: its axis label, a longer tooltip text, and one value per series. */
  public record Category(String label, String detail, double[] values) {
  }

  private final List<String> seriesNames;
  private final String unit;
  private final List<Category> categories = new ArrayList<>();

  /**
   * @param seriesNames one name per bar in a category, for the legend
   * @param unit unit of the values, shown in tooltips (e.g. "ms")
   */
  public BarChart(String title, String yLabel, String unit, List<String> seriesNames) {
    super(title, yLabel);
    this.seriesNames = List.copyOf(seriesNames);
    this.unit = unit;
  }

  /** Adds a category with one value per series, in series order. */
  public BarChart category(String label, double... values) {
    return category(label, label, values);
  }

  /** Adds a category whose tooltip says more than its axis label (e.g. the substation's full name). */
  public BarChart category(String label, String detail, double... values) {
    if (values.length != seriesNames.size()) {
      throw new IllegalArgumentException("category " + label + ": " + values.length + " values for "
          + seriesNames.size() + " series");
    }
    categories.add(new Category(label, detail, values.clone()));
    return this;
  }

  public List<Category> categories() {
    return List.copyOf(categories);
  }

  @Override
  public boolean hasData() {
    return categories.stream().anyMatch(c -> java.util.Arrays.stream(c.values()).anyMatch(Double::isFinite));
  }

  @Override
  List<String> legend() {
    return seriesNames;
  }

  @Override
  double maxY() {
    return categories.stream().flatMapToDouble(c -> java.util.Arrays.stream(c.values())).filter(Double::isFinite)
        .max().orElse(0);
  }

  private double slot(Frame f) {
    return (f.x1() - f.x0()) / categories.size();
  }

  @Override
  ChartDrawing.XAxis xAxis(Frame f) {
    double slot = slot(f);
    double widest = categories.stream().mapToInt(c -> c.label().length()).max().orElse(1) * CHAR_WIDTH + 8;
    // With many categories only every n-th label fits; the tooltips name every bar anyway.
    int every = (int) Math.max(1, Math.ceil(widest / slot));
    List<ChartDrawing.Tick> labels = new ArrayList<>();
    for (int i = 0; i < categories.size(); i += every) {
      labels.add(new ChartDrawing.Tick(null, text(f.x0() + slot * (i + 0.5), f.y1() + 18,
          categories.get(i).label())));
    }
    return new ChartDrawing.XAxis(labels, segment(f.x0(), f.x1(), f.y1(), f.y1()), null);
  }

  @Override
  List<ChartDrawing.Category> categories(Frame f) {
    double slot = slot(f);
    int n = seriesNames.size();
    double bar = slot * 0.8 / n;
    List<ChartDrawing.Category> groups = new ArrayList<>();
    for (int c = 0; c < categories.size(); c++) {
      Category cat = categories.get(c);
      List<ChartDrawing.Bar> bars = new ArrayList<>();
      for (int s = 0; s < n; s++) {
        double v = cat.values()[s];
        if (!Double.isFinite(v)) {
          continue;
        }
        double x = f.x0() + slot * c + slot * 0.1 + bar * s;
        double y = f.py(v);
        bars.add(new ChartDrawing.Bar(coord(x), coord(y), coord(Math.max(0.5, bar - 1)),
            coord(Math.max(0, f.y1() - y)), colour(s),
            fmt("%s, %s: %s %s", cat.detail(), seriesNames.get(s), LineChart.number(v), unit),
            bar >= MIN_LABELLED_BAR ? text(x + bar / 2, y - 4, LineChart.number(v)) : null));
      }
      groups.add(new ChartDrawing.Category(bars));
    }
    return groups;
  }
}

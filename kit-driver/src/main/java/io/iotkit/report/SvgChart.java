package io.iotkit.report;

import static io.iotkit.report.Html.fmt;

import java.util.ArrayList;
import java.util.List;

/**
 * A chart laid out for plain, self-contained SVG (no script, no external resources): title, y axis with round
 * ticks, legend, and an optional horizontal reference line such as a protocol limit. Subclasses lay out the data.
 * The layout is a {@link ChartDrawing}, which the {@code svg-chart} template draws. A chart without data draws a
 * frame that says "no data", so a report shows where a chart would be rather than breaking.
 */
public abstract sealed class SvgChart permits LineChart, BarChart {
  /** Colours that stay distinguishable for common colour-vision deficiencies (Okabe–Ito order). */
  static final String[] PALETTE = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00",
      "#F0E442", "#000000"};
  static final int LEFT = 78;
  static final int RIGHT = 18;
  static final int TOP = 34;
  static final int AXIS_BOTTOM = 48;
  static final int LEGEND_ROW = 18;
  /** Rough width of one character of 12px sans-serif text; enough to lay out legends and labels. */
  static final double CHAR_WIDTH = 6.6;

  /**
   * A horizontal line at {@code value}, labelled, e.g. the protocol's minimum ingest rate per sensor.
   */
  public record ReferenceLine(double value, String label) {
  }

  private final String title;
  private final String yLabel;
  private int width = 640;
  private int height = 300;
  private boolean wide;
  private ReferenceLine reference;

  SvgChart(String title, String yLabel) {
    this.title = title;
    this.yLabel = yLabel;
  }

  /** Size in SVG units; the SVG scales to its container, so this sets the aspect ratio and the text size. */
  public SvgChart size(int width, int height) {
    this.width = width;
    this.height = height;
    return this;
  }

  /** Full width of the page (1180 units wide) rather than one of two charts side by side. */
  public SvgChart wide(int height) {
    this.wide = true;
    return size(1180, height);
  }

  public SvgChart reference(double value, String label) {
    this.reference = new ReferenceLine(value, label);
    return this;
  }

  public String title() {
    return title;
  }

  /** Whether there is anything to draw. */
  public abstract boolean hasData();

  /** Names for the legend, in colour order. */
  abstract List<String> legend();

  /** Highest value the y axis must show (the reference line is added by the base class). */
  abstract double maxY();

  /** The x axis: ticks and their labels, and the axis title. */
  abstract ChartDrawing.XAxis xAxis(Frame f);

  /** A line chart's series, drawn inside the plot area. */
  List<ChartDrawing.Line> lines(Frame f) {
    return List.of();
  }

  /** A bar chart's bars, drawn inside the plot area. */
  List<ChartDrawing.Category> categories(Frame f) {
    return List.of();
  }

  /** The plot area and the y scale, as the subclasses need them. */
  record Frame(double x0, double x1, double y0, double y1, NiceScale y) {
    double py(double v) {
      return y.map(v, y1, y0);
    }
  }

  /**
   * The chart as the {@code svg-chart} template draws it. The SVG shrinks to fit its container but never grows past
   * its own width, so text is the same size in every chart of a page.
   */
  final ChartDrawing drawing() {
    List<List<String>> rows = legendRows();
    int h = height + Math.max(0, rows.size() - 1) * LEGEND_ROW;
    ChartDrawing.Text heading = new ChartDrawing.Text(Integer.toString(LEFT), "20", title);
    if (!hasData()) {
      ChartDrawing.NoData noData = new ChartDrawing.NoData(LEFT, TOP, width - LEFT - RIGHT,
          h - TOP - AXIS_BOTTOM - LEGEND_ROW, coord((LEFT + width - RIGHT) / 2.0),
          coord((TOP + h - AXIS_BOTTOM - LEGEND_ROW) / 2.0));
      return new ChartDrawing(width, h, title, wide, heading, noData, null, null, List.of(), List.of(), null,
          List.of());
    }
    double top = reference == null ? maxY() : Math.max(maxY(), reference.value());
    Frame f = new Frame(LEFT, width - RIGHT, TOP, h - AXIS_BOTTOM - rows.size() * LEGEND_ROW,
        NiceScale.of(0, top, 5));
    ChartDrawing.Reference line = null;
    if (reference != null) {
      double y = f.py(reference.value());
      // The label goes in the legend: written on the line it would cover bars and their values.
      line = new ChartDrawing.Reference(reference.label(), segment(f.x0(), f.x1(), y, y));
    }
    return new ChartDrawing(width, h, title, wide, heading, null, yAxis(f), xAxis(f), lines(f), categories(f), line,
        legend(rows, h));
  }

  private ChartDrawing.YAxis yAxis(Frame f) {
    List<ChartDrawing.Tick> ticks = new ArrayList<>();
    for (double t : f.y().ticks()) {
      double y = f.py(t);
      ticks.add(new ChartDrawing.Tick(segment(f.x0(), f.x1(), y, y), text(f.x0() - 6, y + 4, f.y().label(t))));
    }
    return new ChartDrawing.YAxis(ticks, segment(f.x0(), f.x0(), f.y0(), f.y1()), coord((f.y0() + f.y1()) / 2),
        yLabel);
  }

  /** Legend entries laid out in rows that fit the chart's width. */
  private List<List<String>> legendRows() {
    List<List<String>> rows = new ArrayList<>();
    List<String> row = new ArrayList<>();
    double x = LEFT;
    List<String> names = new ArrayList<>(legend());
    if (reference != null) {
      names.add(reference.label());
    }
    for (String name : names) {
      double w = itemWidth(name);
      if (!row.isEmpty() && x + w > width - RIGHT) {
        rows.add(row);
        row = new ArrayList<>();
        x = LEFT;
      }
      row.add(name);
      x += w;
    }
    if (!row.isEmpty()) {
      rows.add(row);
    }
    return rows;
  }

  private static double itemWidth(String name) {
    return 22 + name.length() * CHAR_WIDTH + 16;
  }

  private List<ChartDrawing.LegendItem> legend(List<List<String>> rows, int h) {
    List<ChartDrawing.LegendItem> items = new ArrayList<>();
    int series = legend().size();
    for (int r = 0; r < rows.size(); r++) {
      double y = h - (rows.size() - r) * LEGEND_ROW + 12;
      double x = LEFT;
      for (String name : rows.get(r)) {
        // the series come first, in colour order; the reference line's entry is last
        boolean isSeries = items.size() < series;
        items.add(new ChartDrawing.LegendItem(
            isSeries ? new ChartDrawing.Swatch(coord(x), coord(y - 9), colour(items.size())) : null,
            isSeries ? null : segment(x, x + 14, y - 4, y - 4), text(x + 19, y, name)));
        x += itemWidth(name);
      }
    }
    return items;
  }

  /** A coordinate as the SVG has it: one decimal, which is finer than a pixel. */
  static String coord(double v) {
    return fmt("%.1f", v);
  }

  static ChartDrawing.Segment segment(double x1, double x2, double y1, double y2) {
    return new ChartDrawing.Segment(coord(x1), coord(x2), coord(y1), coord(y2));
  }

  static ChartDrawing.Text text(double x, double y, String text) {
    return new ChartDrawing.Text(coord(x), coord(y), text);
  }

  static String colour(int i) {
    return PALETTE[i % PALETTE.length];
  }
}

package io.iotkit.report;

import static io.iotkit.report.Html.esc;
import static io.iotkit.report.Html.fmt;

import java.util.ArrayList;
import java.util.List;

/**
 * A chart drawn as plain, self-contained SVG (no script, no external resources): title, y axis with round
 * ticks, legend, and an optional horizontal reference line such as a protocol limit. Subclasses draw the data.
 * Every piece of text is escaped. A chart without data draws a frame that says "no data", so a report shows
 * where a chart would be rather than breaking.
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

  /** Draws the data inside the plot area. */
  abstract void plot(StringBuilder svg, Frame f);

  /** The x axis: ticks and their labels, and the axis title. */
  abstract void xAxis(StringBuilder svg, Frame f);

  /** The plot area and the y scale, as the subclasses need them. */
  record Frame(double x0, double x1, double y0, double y1, NiceScale y) {
    double py(double v) {
      return y.map(v, y1, y0);
    }
  }

  /**
   * The chart as one {@code <svg>} element. It shrinks to fit its container but never grows past its own width,
   * so text is the same size in every chart of a page.
   */
  public final String toSvg() {
    List<List<String>> rows = legendRows();
    int h = height + Math.max(0, rows.size() - 1) * LEGEND_ROW;
    StringBuilder svg = new StringBuilder(8192);
    svg.append(fmt("<svg viewBox=\"0 0 %d %d\" role=\"img\""
        + " aria-label=\"%s\" class=\"svg-chart%s\" style=\"max-width: %dpx\">", width, h, esc(title),
        wide ? " wide" : "", width));
    svg.append("<title>").append(esc(title)).append("</title>");
    svg.append(fmt("<text class=\"chart-title\" x=\"%d\" y=\"20\">%s</text>", LEFT, esc(title)));
    if (!hasData()) {
      svg.append(fmt("<rect class=\"no-data-frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", LEFT, TOP,
          width - LEFT - RIGHT, h - TOP - AXIS_BOTTOM - LEGEND_ROW));
      svg.append(fmt("<text class=\"no-data\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">no data</text>",
          (LEFT + width - RIGHT) / 2.0, (TOP + h - AXIS_BOTTOM - LEGEND_ROW) / 2.0));
      return svg.append("</svg>").toString();
    }
    double top = reference == null ? maxY() : Math.max(maxY(), reference.value());
    Frame f = new Frame(LEFT, width - RIGHT, TOP, h - AXIS_BOTTOM - rows.size() * LEGEND_ROW,
        NiceScale.of(0, top, 5));
    yAxis(svg, f);
    xAxis(svg, f);
    plot(svg, f);
    if (reference != null) {
      double y = f.py(reference.value());
      svg.append(fmt("<g class=\"reference\"><title>%s</title>", esc(reference.label())));
      // The label goes in the legend: written on the line it would cover bars and their values.
      svg.append(fmt("<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/></g>", f.x0(), f.x1(), y, y));
    }
    legend(svg, rows, h);
    return svg.append("</svg>").toString();
  }

  private void yAxis(StringBuilder svg, Frame f) {
    svg.append("<g class=\"axis y-axis\">");
    for (double t : f.y().ticks()) {
      double y = f.py(t);
      svg.append(fmt("<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", f.x0(), f.x1(), y, y));
      svg.append(fmt("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>", f.x0() - 6, y + 4,
          esc(f.y().label(t))));
    }
    svg.append(fmt("<line class=\"axis-line\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>", f.x0(), f.x0(),
        f.y0(), f.y1()));
    double mid = (f.y0() + f.y1()) / 2;
    svg.append(fmt("<text class=\"axis-title\" transform=\"translate(14 %.1f) rotate(-90)\" text-anchor=\"middle\">"
        + "%s</text></g>", mid, esc(yLabel)));
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

  private void legend(StringBuilder svg, List<List<String>> rows, int h) {
    svg.append("<g class=\"legend\">");
    int item = 0;
    int series = legend().size();
    for (int r = 0; r < rows.size(); r++) {
      double y = h - (rows.size() - r) * LEGEND_ROW + 12;
      double x = LEFT;
      for (String name : rows.get(r)) {
        if (item < series) {
          svg.append(fmt("<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"%s\"/>", x, y - 9,
              colour(item)));
        } else {
          svg.append(fmt("<g class=\"reference\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/></g>",
              x, x + 14, y - 4, y - 4));
        }
        item++;
        svg.append(fmt("<text x=\"%.1f\" y=\"%.1f\">%s</text>", x + 19, y, esc(name)));
        x += itemWidth(name);
      }
    }
    svg.append("</g>");
  }

  static String colour(int i) {
    return PALETTE[i % PALETTE.length];
  }
}

package io.iotkit.report;

import java.util.List;

/**
 * One chart as the {@code svg-chart} template draws it: plain, self-contained SVG, laid out by {@link SvgChart}.
 * Every coordinate is a number already formatted and every text is plain, so the template escapes it as it
 * escapes any value of a page.
 *
 * @param noData the frame that says "no data", for a chart without data; null otherwise, and then every part below
 *     is there
 * @param lines a line chart's series; empty for a bar chart
 * @param categories a bar chart's groups of bars; empty for a line chart
 * @param reference the horizontal reference line, or null for none
 */
record ChartDrawing(int width, int height, String title, boolean wide, Text heading, NoData noData, YAxis yAxis,
                    XAxis xAxis, List<Line> lines, List<Category> categories, Reference reference,
                    List<LegendItem> legend) {

  /** The class of the {@code svg} element: a wide chart spans the page's grid. */
  String cls() {
    return wide ? "svg-chart wide" : "svg-chart";
  }

  /** A text at a point. */
  record Text(String x, String y, String text) {
  }

  /** A straight line from (x1, y1) to (x2, y2). */
  record Segment(String x1, String x2, String y1, String y2) {
  }

  /** The frame of a chart without data, and where its "no data" goes. */
  record NoData(int x, int y, int width, int height, String textX, String textY) {
  }

  /**
   * @param line the tick's grid line (y axis) or tick mark (x axis); null for a bar chart's category label
   * @param label the tick's value or the category's name
   */
  record Tick(Segment line, Text label) {
  }

  /** @param titleY where the rotated axis title is centred */
  record YAxis(List<Tick> ticks, Segment line, String titleY, String title) {
  }

  /** @param title the axis title, or null for a bar chart, whose labels name the categories */
  record XAxis(List<Tick> ticks, Segment line, Text title) {
  }

  /**
   * One series of a line chart.
   *
   * @param summary the tooltip of the whole line
   * @param path the SVG path of its points, or null when it has none
   * @param markers a marker with its own tooltip on every point of a short series; empty for a long one
   */
  record Line(String colour, String summary, String path, List<Marker> markers) {
  }

  record Marker(String cx, String cy, String title) {
  }

  /** One category of a bar chart: a bar per series that has a value. */
  record Category(List<Bar> bars) {
  }

  /** @param value the value written above the bar, or null when the bar is too narrow for it */
  record Bar(String x, String y, String width, String height, String fill, String title, Text value) {
  }

  record Reference(String label, Segment line) {
  }

  /**
   * An entry of the legend: a colour swatch for a series, or a short dashed line for the reference line.
   *
   * @param swatch the top left corner and colour of the swatch, or null
   * @param mark the reference line's sample, or null
   */
  record LegendItem(Swatch swatch, Segment mark, Text label) {
  }

  record Swatch(String x, String y, String fill) {
  }
}

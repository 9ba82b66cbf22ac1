package io.iotkit.report;

import static io.iotkit.report.Html.fmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Named series of (x, y) points over a numeric x axis, e.g. kvps acknowledged in each second of a run. Each
 * series is one path with a tooltip summarising it; short series also get a tooltip on every point.
 */
public final class LineChart extends SvgChart {
  /** Series up to this many points get a marker with its own tooltip; longer ones would bloat the page. */
  static final int MAX_POINT_MARKERS = 120;

  /** One line: {@code x[i]} and {@code y[i]} are one point; both arrays have the same length. */
  public record Series(String name, double[] x, double[] y) {
    public Series {
      if (x.length != y.length) {
        throw new IllegalArgumentException("series " + name + ": " + x.length + " x but " + y.length + " y values");
      }
    }
  }

  private final String xLabel;
  private final String unit;
  private final List<Series> series = new ArrayList<>();

  /**
   * @param unit unit of the y values, shown in tooltips (e.g. "kvps/s")
   */
  public LineChart(String title, String xLabel, String yLabel, String unit) {
    super(title, yLabel);
    this.xLabel = xLabel;
    this.unit = unit;
  }

  public LineChart add(String name, double[] x, double[] y) {
    series.add(new Series(name, x, y));
    return this;
  }

  /** A series sampled once per interval from x = 0: element i is at x = i × {@code interval}. */
  public LineChart addSampled(String name, double interval, double[] y) {
    double[] x = new double[y.length];
    for (int i = 0; i < y.length; i++) {
      x[i] = i * interval;
    }
    return add(name, x, y);
  }

  /** The same, for counts such as kvps per second. */
  public LineChart addSampled(String name, double interval, long[] y) {
    double[] d = new double[y.length];
    for (int i = 0; i < y.length; i++) {
      d[i] = y[i];
    }
    return addSampled(name, interval, d);
  }

  public List<Series> series() {
    return List.copyOf(series);
  }

  @Override
  public boolean hasData() {
    return series.stream().anyMatch(s -> s.x().length > 0);
  }

  @Override
  List<String> legend() {
    return series.stream().map(Series::name).toList();
  }

  @Override
  double maxY() {
    return series.stream().flatMapToDouble(s -> java.util.Arrays.stream(s.y())).filter(Double::isFinite)
        .max().orElse(0);
  }

  private NiceScale xScale() {
    double lo = series.stream().flatMapToDouble(s -> java.util.Arrays.stream(s.x())).min().orElse(0);
    double hi = series.stream().flatMapToDouble(s -> java.util.Arrays.stream(s.x())).max().orElse(1);
    return NiceScale.of(Math.min(0, lo), hi, 8);
  }

  @Override
  ChartDrawing.XAxis xAxis(Frame f) {
    NiceScale xs = xScale();
    List<ChartDrawing.Tick> ticks = new ArrayList<>();
    for (double t : xs.ticks()) {
      double x = xs.map(t, f.x0(), f.x1());
      ticks.add(new ChartDrawing.Tick(segment(x, x, f.y1(), f.y1() + 5), text(x, f.y1() + 18, xs.label(t))));
    }
    return new ChartDrawing.XAxis(ticks, segment(f.x0(), f.x1(), f.y1(), f.y1()),
        text((f.x0() + f.x1()) / 2, f.y1() + 36, xLabel));
  }

  @Override
  List<ChartDrawing.Line> lines(Frame f) {
    NiceScale xs = xScale();
    List<ChartDrawing.Line> lines = new ArrayList<>();
    for (int s = 0; s < series.size(); s++) {
      Series line = series.get(s);
      String path = null;
      if (line.x().length > 0) {
        StringBuilder d = new StringBuilder(line.x().length * 14);
        for (int i = 0; i < line.x().length; i++) {
          d.append(i == 0 ? 'M' : 'L').append(fmt("%.1f %.1f", xs.map(line.x()[i], f.x0(), f.x1()),
              f.py(line.y()[i])));
        }
        path = d.toString();
      }
      List<ChartDrawing.Marker> markers = new ArrayList<>();
      if (line.x().length <= MAX_POINT_MARKERS) {
        for (int i = 0; i < line.x().length; i++) {
          markers.add(new ChartDrawing.Marker(coord(xs.map(line.x()[i], f.x0(), f.x1())), coord(f.py(line.y()[i])),
              fmt("%s at %s %s: %s %s", line.name(), Html.plain(line.x()[i]), xLabel, number(line.y()[i]), unit)));
        }
      }
      lines.add(new ChartDrawing.Line(colour(s), summary(line), path, markers));
    }
    return lines;
  }

  /** What hovering a line shows: its name and the range and mean of its values. */
  private String summary(Series s) {
    var stats = java.util.Arrays.stream(s.y()).summaryStatistics();
    if (stats.getCount() == 0) {
      return s.name() + ": no data";
    }
    return fmt("%s: %d points, min %s, mean %s, max %s %s", s.name(), stats.getCount(), number(stats.getMin()),
        number(stats.getAverage()), number(stats.getMax()), unit);
  }

  static String number(double v) {
    return Math.abs(v) >= 100 ? fmt("%,.0f", v) : fmt("%,.2f", v);
  }
}

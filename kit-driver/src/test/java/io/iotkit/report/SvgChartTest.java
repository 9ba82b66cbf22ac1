package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SvgChartTest {

  /** The chart alone, as the svg-chart template draws it on a page. */
  private static String svg(SvgChart chart) {
    return PageFrame.TEMPLATES.render("svg-chart.mustache", chart.drawing()).strip();
  }

  @Test
  void stepsAreOneTwoOrFiveTimesAPowerOfTen() {
    assertEquals(1, NiceScale.step(0.7));
    assertEquals(2, NiceScale.step(1.3));
    assertEquals(5, NiceScale.step(3.46));
    assertEquals(10, NiceScale.step(7));
    assertEquals(500, NiceScale.step(229));
    assertEquals(0.05, NiceScale.step(0.031), 1e-12);
    assertEquals(2_000_000, NiceScale.step(1_500_000));
  }

  @Test
  void scaleCoversTheDataWithRoundTicks() {
    NiceScale s = NiceScale.of(0, 17.3, 5);
    assertEquals(new NiceScale(0, 20, 5), s);
    assertEquals(List.of(0.0, 5.0, 10.0, 15.0, 20.0), s.ticks());

    NiceScale seconds = NiceScale.of(0, 1834, 8);
    assertEquals(500, seconds.step());
    assertEquals(2000, seconds.max());

    // A value on a tick does not add an empty interval above it.
    assertEquals(20, NiceScale.of(0, 20, 5).max());
    // Non-zero minimum rounds down to a tick.
    assertEquals(new NiceScale(10, 40, 10), NiceScale.of(13, 38, 4));
  }

  @Test
  void ticksHaveNoFloatingNoise() {
    NiceScale s = NiceScale.of(0, 0.3, 3);
    assertEquals(0.1, s.step(), 1e-12);
    assertEquals(List.of(0.0, 0.1, 0.2, 0.3), s.ticks());
    assertEquals("0.3", s.label(s.ticks().get(3)));
    assertEquals("15,000", NiceScale.of(0, 18_000, 5).label(15_000));
  }

  @Test
  void flatOrZeroDataStillHasAnExtent() {
    assertEquals(new NiceScale(0, 1, 0.2), NiceScale.of(0, 0, 5));
    NiceScale flat = NiceScale.of(50, 50, 5);
    assertTrue(flat.min() < 50 && flat.max() > 50, flat.toString());
    assertThrows(IllegalArgumentException.class, () -> NiceScale.of(0, Double.NaN, 5));
  }

  @Test
  void mapPutsMinAndMaxAtTheEnds() {
    NiceScale s = new NiceScale(0, 20, 5);
    assertEquals(200, s.map(0, 200, 40), 1e-9);
    assertEquals(40, s.map(20, 200, 40), 1e-9);
    assertEquals(120, s.map(10, 200, 40), 1e-9);
  }

  @Test
  void lineChartHasSeriesLegendReferenceAndTooltips() {
    String svg = svg(new LineChart("rate <per> second", "s", "kvps/s", "kvps/s")
        .addSampled("a & b", 1, new double[] {1, 2, 3}).addSampled("c", 1, new double[] {4, 5, 6})
        .reference(20, "limit 20"));
    assertTrue(svg.startsWith("<svg ") && svg.endsWith("</svg>"));
    assertTrue(svg.contains("<title>rate &lt;per&gt; second</title>"));
    assertEquals(2, Pattern.compile("<path ").matcher(svg).results().count());
    assertTrue(svg.contains(">a &amp; b</text>"), "legend entry");
    assertTrue(svg.contains("<title>a &amp; b at 2 s: 3.00 kvps/s</title>"), svg);
    assertTrue(svg.contains("<g class=\"reference\"><title>limit 20</title>"));
    // the y axis reaches the reference line: ticks 0, 5, ... 20
    assertTrue(svg.contains(">20</text>"));
    assertFalse(svg.contains(">no data<"));
  }

  @Test
  void plainNumbersHaveNoNeedlessDecimals() {
    assertEquals("20", Html.plain(20));
    assertEquals("1,830", Html.plain(1830));
    assertEquals("0.25", Html.plain(0.25));
  }

  @Test
  void longSeriesHaveOneTooltipPerLineNotPerPoint() {
    double[] y = new double[LineChart.MAX_POINT_MARKERS + 1];
    String svg = svg(new LineChart("t", "s", "y", "u").addSampled("long", 1, y));
    assertFalse(svg.contains("<circle"));
    assertTrue(svg.contains("<title>long: 121 points, min 0.00, mean 0.00, max 0.00 u</title>"), svg);
  }

  @Test
  void barChartDrawsOneBarPerValueAndSkipsMissingOnes() {
    BarChart chart = new BarChart("latency", "ms", "ms", List.of("p50", "p99"));
    chart.category("max", 1.5, 4).category("min", "query-min", 2, Double.NaN);
    String svg = svg(chart);
    assertEquals(3, Pattern.compile("<rect [^>]*><title>").matcher(svg).results().count());
    assertTrue(svg.contains("<title>query-min, p50: 2.00 ms</title>"));
    assertThrows(IllegalArgumentException.class, () -> chart.category("x", 1));
  }

  @Test
  void chartWithoutDataSaysSo() {
    assertTrue(svg(new LineChart("t", "s", "y", "u")).contains(">no data<"));
    assertTrue(svg(new LineChart("t", "s", "y", "u").addSampled("empty", 1, new double[0])).contains(">no data<"));
    assertTrue(svg(new BarChart("t", "y", "u", List.of("v")).category("a", Double.NaN)).contains(">no data<"));
  }
}

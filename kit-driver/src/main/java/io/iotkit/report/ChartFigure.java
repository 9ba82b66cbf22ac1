package io.iotkit.report;

/**
 * One chart of a report page as the {@code chart-figure} template draws it: a figure with a heading, the chart
 * and a caption saying what it shows. The self-check in the page's frame finds it by its id.
 *
 * @param svg the chart's SVG as {@link SvgChart} draws it, every text in it already escaped: the one kind of
 *     value the page templates insert unescaped ({@code {{{svg}}}})
 */
record ChartFigure(String id, String heading, String caption, String svg) {

  static ChartFigure of(String id, String heading, String caption, SvgChart chart) {
    return new ChartFigure(id, heading, caption, chart.toSvg());
  }
}

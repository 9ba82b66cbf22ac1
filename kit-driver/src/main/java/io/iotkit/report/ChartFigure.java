package io.iotkit.report;

import java.util.List;

/**
 * One chart figure of a report page as the {@code chart-figure} template draws it: a heading, its charts (each
 * drawn by the {@code svg-chart} template), and a caption saying what they show, with the tables of exact figures
 * that go with them. The self-check in the page's frame finds it by its id.
 */
record ChartFigure(String id, String heading, String caption, List<ChartDrawing> charts, List<DataTable> tables) {

  /** A figure of one chart and no table. */
  static ChartFigure of(String id, String heading, String caption, SvgChart chart) {
    return of(id, heading, caption, List.of(chart), List.of());
  }

  static ChartFigure of(String id, String heading, String caption, List<SvgChart> charts, List<DataTable> tables) {
    return new ChartFigure(id, heading, caption, charts.stream().map(SvgChart::drawing).toList(), tables);
  }
}

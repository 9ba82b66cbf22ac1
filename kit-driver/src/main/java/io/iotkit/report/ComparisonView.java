package io.iotkit.report;

import java.util.List;

/**
 * What {@code comparison.mustache} reads: the runs' table and charts, every value a preformatted string, so the
 * template holds no logic beyond "if" and "for each".
 *
 * @param summary how many runs, and their names
 * @param runs the name of each run, one column each
 * @param columns the table's column count, which a group heading spans
 * @param charts the chart figures
 */
record ComparisonView(PageFrame frame, String summary, List<String> runs, String columns, List<Line> lines,
                      List<ChartFigure> charts) {

  /** One table row: a label with one cell per run, or a group heading (no cells) when {@code group}. */
  record Line(String label, boolean group, List<Cell> cells) {
  }

  /** @param cls "num", and "pass" or "fail" for a check's verdict, so a failing check stands out */
  record Cell(String cls, String text) {
    static Cell of(String text) {
      return new Cell(text.startsWith("FAIL") ? "num fail" : text.startsWith("PASS") ? "num pass" : "num", text);
    }
  }

  static ComparisonView of(List<ComparisonReport.Run> runs, List<ComparisonReport.Row> rows,
                           List<ChartFigure> charts) {
    List<String> names = runs.stream().map(ComparisonReport.Run::name).toList();
    return new ComparisonView(PageFrame.of("Comparison of " + runs.size() + " runs", ComparisonReport.CHART_IDS),
        runs.size() + " runs: " + String.join(", ", names), names, String.valueOf(runs.size() + 1),
        rows.stream().map(r -> new Line(r.label(), r.heading(), r.cells().stream().map(Cell::of).toList()))
            .toList(), charts);
  }
}

package io.iotkit.report;

import io.iotkit.model.BenchResult;
import java.util.List;

/**
 * What {@code bench.mustache} reads: the kit's benchmark of itself, every value a preformatted string, so the
 * template holds no logic beyond "if" and "for each".
 *
 * @param header the bench's date, rounds, machine and load
 * @param firstColumn the heading of the column that names each figure
 * @param columns the headings of the figures' numeric columns
 * @param measurements the measurements of the kit alone; their table is left out when there are none
 * @param charts the chart figures; their SVG is the one value the template inserts unescaped
 */
record BenchView(PageFrame frame, String header, String firstColumn, List<String> columns, List<Figure> figures,
                 List<Measurement> measurements, List<ChartFigure> charts) {

  /** @param numbers the figure's cells under {@code columns} */
  record Figure(String name, List<String> numbers, String kitLabel, String referenceLabel) {
  }

  /** @param value the median with its unit and the rounds' spread */
  record Measurement(String name, String value, String what) {
  }

  boolean hasMeasurements() {
    return !measurements.isEmpty();
  }

  static BenchView of(BenchResult r, List<ChartFigure> charts) {
    List<String> columns = BenchReport.COLUMNS;
    List<Figure> figures = r.figures().stream().map(f -> {
      List<String> cells = BenchReport.cells(f);
      return new Figure(cells.get(0), cells.subList(1, cells.size()), f.kitLabel(), f.referenceLabel());
    }).toList();
    return new BenchView(PageFrame.of("Kit benchmark " + r.startedAt(), BenchReport.CHART_IDS),
        BenchReport.header(r), columns.get(0), columns.subList(1, columns.size()), figures,
        r.measurements().stream().map(m -> new Measurement(m.name(), BenchReport.value(m), m.what())).toList(),
        charts);
  }
}

package io.iotkit.report;

import io.iotkit.model.BenchResult;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code bench.mustache} reads: the kit's benchmark of itself, every value a preformatted string, so the
 * template holds no logic beyond "if" and "for each".
 *
 * @param header the bench's date, rounds, machine and load
 * @param intervals how the intervals and verdicts were made
 * @param firstColumn the heading of the column that names each figure
 * @param quantityColumn the heading of the column that names each quantity of a figure
 * @param columns the headings of the figures' numeric columns
 * @param measurements the measurements without a ratio; their table is left out when there are none
 * @param charts the chart figures
 */
record BenchView(PageFrame frame, String header, String intervals, String firstColumn, String quantityColumn,
                 List<String> columns, List<Figure> figures,
                 List<Measurement> measurements, List<ChartFigure> charts) {

  /** @param rows one per quantity: its name and cells under {@code columns} */
  record Figure(String name, List<Row> rows, String kitLabel, String referenceLabel) {
    int span() {
      return rows.size();
    }
  }

  /** @param quantity what the row compares; @param numbers its cells under the numeric columns */
  record Row(String quantity, List<String> numbers, boolean first) {
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
      List<List<String>> cells = BenchReport.rows(f);
      List<Row> rows = new ArrayList<>();
      for (List<String> row : cells) {
        rows.add(new Row(row.get(1), row.subList(2, row.size()), rows.isEmpty()));
      }
      return new Figure(f.name(), rows, f.kitLabel(), f.referenceLabel());
    }).toList();
    return new BenchView(PageFrame.of("Kit benchmark " + r.startedAt(), BenchReport.CHART_IDS),
        BenchReport.header(r), BenchReport.INTERVALS, columns.get(0), columns.get(1), columns.subList(2, columns.size()),
        figures,
        r.measurements().stream().map(m -> new Measurement(m.name(), BenchReport.value(m), m.what())).toList(),
        charts);
  }
}

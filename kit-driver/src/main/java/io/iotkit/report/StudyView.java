package io.iotkit.report;

import io.iotkit.study.Saturation;
import io.iotkit.study.StudyRow;
import io.iotkit.study.StudyTable;
import io.iotkit.study.StudyText;
import java.util.Comparator;
import java.util.List;

/**
 * What {@code study.mustache} reads: a study's headline, charts, points and tables, every value a preformatted
 * string, so the template holds no logic beyond "if" and "for each".
 *
 * @param axis the swept option as the tables head it, e.g. "P"
 * @param values the swept values, comma-separated
 * @param measured how many points have a result, of how many
 * @param best the point with the highest IoTps, or null when none has a result
 * @param saturation where a paced study saturated, or null for a study that is not paced or is a rate search (whose
 *     answer is its first table)
 * @param charts the chart figures
 * @param resourcesSampled whether the runs sampled resource use; else a note stands where its chart would
 * @param missing the sentence that lists the points without a result, or null when every point has one
 */
record StudyView(PageFrame frame, String name, String describe, String axis, String values, String measured,
                 Best best, String saturation, List<ChartFigure> charts, boolean resourcesSampled,
                 List<Point> points, List<Table> tables, String missing) {

  record Best(String value, String iotps) {
  }

  /** @param report the path of the point's run report, or null when it has no run folder */
  record Point(String value, String status, String report) {
  }

  /** One of the study's tables under its title: the first column names the point, the others are figures. */
  record Table(String title, DataTable table, String note) {
  }

  static StudyView of(StudyTable t, List<ChartFigure> charts) {
    List<StudyRow> measured = t.rows().stream().filter(StudyRow::measured).toList();
    Best best = measured.stream().max(Comparator.comparingDouble(StudyRow::iotps))
        .map(r -> new Best(r.value(), Html.iotps(r.iotps()))).orElse(null);
    List<Point> points = t.rows().stream().map(r -> new Point(r.value(), r.status().toString(),
        r.runFolder() == null ? null : r.runFolder() + "/report.html")).toList();
    List<Table> tables = StudyText.sections(t).stream().map(s -> new Table(s.title(),
        new DataTable(null, DataTable.Row.of(s.rows().get(0)),
            s.rows().subList(1, s.rows().size()).stream().map(DataTable.Row::of).toList()),
        s.note().isEmpty() ? null : s.note())).toList();
    return new StudyView(PageFrame.of("Study " + t.name(), StudyReport.chartIds(t)), t.name(),
        t.spec().describe(), t.axisLabel(), String.join(", ", t.values()),
        measured.size() + " of " + t.rows().size(), best,
        t.paced() && t.spec().rateSearch() == null ? saturation(t.saturation()) : null,
        charts,
        t.resourcesSampled(), points, tables,
        StudyText.missing(t).isEmpty() ? null : StudyText.missing(t));
  }

  private static String saturation(Saturation s) {
    return s.reached() ? Html.fmt("%,.0f kvps/s offered", s.offeredRate())
        : s.oneOffer() ? "not sought: one offered rate" : "not reached";
  }
}

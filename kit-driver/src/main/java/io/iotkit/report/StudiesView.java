package io.iotkit.report;

import io.iotkit.study.StudyTable;
import io.iotkit.study.StudyText;
import java.util.List;

/**
 * What {@code studies.mustache} reads: several studies compared on one page, every value a preformatted string.
 *
 * @param charts the chart figures
 * @param sideBySide the lines of the text comparison, which the page shows as it is
 */
record StudiesView(PageFrame frame, List<Study> studies, List<ChartFigure> charts, List<String> sideBySide) {

  /** @param describe the options the study was swept with */
  record Study(String name, String describe) {
  }

  static StudiesView of(List<StudyTable> studies, List<ChartFigure> charts) {
    return new StudiesView(PageFrame.of("Comparison of " + studies.size() + " studies",
        StudyReport.COMPARE_CHART_IDS), studies.stream().map(t -> new Study(t.name(), t.spec().describe())).toList(),
        charts, StudyText.compare(studies).lines().toList());
  }
}

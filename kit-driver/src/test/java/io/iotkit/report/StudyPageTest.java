package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.iotkit.model.PhaseSeries;
import io.iotkit.study.PointState;
import io.iotkit.study.StudyRuns;
import io.iotkit.study.StudySpec;
import io.iotkit.study.StudyTable;
import io.iotkit.study.StudyText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * study.html and the comparison of studies: which charts they carry, and in a real browser (skipped without
 * Chromium) that every chart is drawn. Pages are left in target/study-preview/ to look at.
 */
class StudyPageTest {
  private static final Path PREVIEW = Path.of("target", "study-preview");
  private static final PointState.Status DONE = PointState.Status.DONE;

  static StudyTable substationStudy(String name, boolean sampled, double slowdown) {
    StudySpec spec = new StudySpec(List.of("hbase"), List.of("1", "2", "4"), null, null, null, null, null, 1000L,
        null, null, null, null, false, null, null, null).validated();
    return new StudyTable(name, spec, List.of(
        StudyTable.row("1", DONE, "runs/a", StudyRuns.run(1000, new double[] {10}, 500, 0,
            sampled ? StudyRuns.resources(0.8, 0.3, 0.1) : null)),
        StudyTable.row("2", DONE, "runs/b", StudyRuns.run(1000, new double[] {9, 10 * slowdown}, 700, 0,
            sampled ? StudyRuns.resources(1.2, 0.5, 0.2) : null)),
        StudyTable.row("4", PointState.Status.FAILED, "runs/c", null)));
  }

  private static String check(String name, String html, List<String> ids) throws IOException {
    Files.createDirectories(PREVIEW);
    Path file = PREVIEW.resolve(name);
    Files.writeString(file, html);
    for (String id : ids) {
      assertTrue(html.contains("<figure id=\"" + id + "\" class=\"chart\">"), id);
    }
    if (HeadlessChromium.find().isEmpty()) {
      return html;
    }
    String dom = HeadlessChromium.locate().dumpDom(file);
    assertTrue(dom.contains("data-report-status=\"ok\""), "every chart drawn: " + name);
    return dom;
  }

  @Test
  void aSampledStudyHasEveryChartIncludingResources() throws IOException {
    StudyTable t = substationStudy("hbase", true, 1.0);
    assertEquals(8, StudyReport.chartIds(t).size());
    String html = check("sampled.html", StudyReport.html(t), StudyReport.chartIds(t));
    assertTrue(html.contains("href=\"runs/a/report.html\""), "a link to each run report");
    assertTrue(html.contains("Points without a result: P=4 failed"));
  }

  @Test
  void eachPointsIngestP99IsDrawnSecondBySecond() throws IOException {
    StudySpec spec = new StudySpec(List.of("mqtt"), List.of("1"), null, null, null, null,
        List.of("1000", "2000"), null, null, null, null, null, false, null, null, null, 1, null).validated();
    // three seconds, the second without readings: left out of the curve
    PhaseSeries s = new PhaseSeries(1000, new long[] {600, 0, 400}, new long[3], new double[3], new double[3],
        new double[3], new double[] {1, 0, 2}, new double[] {37.5, 0, 812.25});
    StudyTable t = new StudyTable("bursts", spec, List.of(
        StudyTable.row("1000", DONE, "runs/a", StudyRuns.run(1000, new double[] {3}, 500, 0, null, s)),
        StudyTable.row("2000", PointState.Status.FAILED, "runs/b", null)));
    String html = check("over-time.html", StudyReport.html(t), StudyReport.chartIds(t));
    String figure = html.substring(html.indexOf("<figure id=\"" + StudyReport.CHART_INGEST_P99_OVER_TIME + "\""));
    figure = figure.substring(0, figure.indexOf("</figure>"));
    assertTrue(figure.contains("K 1000"), "a line named after the point: " + figure);
    assertFalse(figure.contains("K 2000"), "a failed point has no curve");
    assertTrue(figure.contains("K 1000: 2 points, min 37.50, mean 425, max 812 ms"), "two seconds drawn: " + figure);
    assertTrue(figure.contains("K 1000 at 2 seconds from the start: 812 ms"), "the last second's p99: " + figure);
  }

  @Test
  void anUnsampledStudyLeavesTheResourceChartOutAndSaysSo() throws IOException {
    StudyTable t = substationStudy("hbase", false, 1.0);
    assertFalse(StudyReport.chartIds(t).contains(StudyReport.CHART_RESOURCES));
    String html = check("unsampled.html", StudyReport.html(t), StudyReport.chartIds(t));
    assertTrue(html.contains("Resource use: not sampled"));
  }

  @Test
  void aBindingSweepDrawsBarsAndARateSweepLatencyAgainstOfferedLoad() throws IOException {
    StudySpec bindings = new StudySpec(List.of("hbase", "kafka"), List.of("1"), null, null, null, null, 1000L, null,
        null, null, null, null, false, null, null, null).validated();
    StudyTable b = new StudyTable("b", bindings, List.of(
        StudyTable.row("hbase", DONE, "runs/a", StudyRuns.even(1000, 1, 10, 500)),
        StudyTable.row("kafka", DONE, "runs/b", StudyRuns.even(1000, 1, 5, 300))));
    String html = check("bindings.html", StudyReport.html(b), StudyReport.chartIds(b));
    assertTrue(html.contains("class=\"bar\"") || html.contains("<rect"), "bars");
    StudySpec rates = new StudySpec(List.of("kafka"), List.of("2"), null, List.of("500", "1000"), null, null, 1000L,
        null, null, null, null, null, false, null, null, null).validated();
    StudyTable r = new StudyTable("r", rates, List.of(
        StudyTable.row("500", DONE, "runs/a", StudyRuns.run(1000, new double[] {1, 1}, 500, 500, null)),
        StudyTable.row("1000", DONE, "runs/b", StudyRuns.run(1000, new double[] {1, 1}, 500, 1000, null))));
    String rateHtml = check("rates.html", StudyReport.html(r), StudyReport.chartIds(r));
    assertTrue(rateHtml.contains("Ingest latency against offered load"));
    assertTrue(rateHtml.contains("offered kvps/s"));
  }

  @Test
  void twoStudiesCompareSideBySide() throws IOException {
    List<StudyTable> both = List.of(substationStudy("hbase", false, 1.0), substationStudy("kafka", false, 2.0));
    String text = StudyText.compare(both);
    assertTrue(text.contains("IoTps\n  P   hbase  kafka\n  1   90.91  90.91\n  2  181.82  90.91\n  4     n/a    n/a\n"),
        text);
    assertTrue(text.contains("efficiency\n  P  hbase  kafka\n  1  1.000  1.000\n  2  1.000  0.500\n"), text);
    check("compare.html", StudyReport.compare(both), List.of(StudyReport.CHART_IOTPS, StudyReport.CHART_EFFICIENCY,
        StudyReport.CHART_INGEST_LATENCY, StudyReport.CHART_QUERY_LATENCY));
  }
}

package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Operation;
import io.iotkit.model.RunResult;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ComparisonReportTest {
  /** A non-compliant run (iteration 2 measured run too short) beside a compliant one. */
  static List<ComparisonReport.Run> twoRuns() {
    return List.of(new ComparisonReport.Run("run-a", SampleRuns.completed()),
        new ComparisonReport.Run("run-b", SampleRuns.compliant()));
  }

  private static String line(String text, String label) {
    return text.lines().filter(l -> l.startsWith(label + " ")).findFirst()
        .orElseThrow(() -> new AssertionError("no line " + label + " in\n" + text));
  }

  @Test
  void textLinesUpTheRunsInColumns() {
    List<ComparisonReport.Run> runs = twoRuns();
    String text = ComparisonReport.text(runs);
    String header = text.lines().findFirst().orElseThrow();
    int colA = header.indexOf("run-a");
    int colB = header.indexOf("run-b");
    assertTrue(colA > 0 && colB > colA, header);
    String iotps = line(text, "IoTps");
    assertEquals(colA, iotps.indexOf(Html.iotps(runs.get(0).result().metrics().iotps())), iotps);
    assertEquals(colB, iotps.indexOf(Html.iotps(runs.get(1).result().metrics().iotps())), iotps);
    // Every row has its cells at the header's columns.
    String compliant = line(text, "compliant");
    assertEquals(colA, compliant.indexOf("NOT COMPLIANT"), compliant);
    assertEquals(colB, compliant.indexOf("COMPLIANT", colA + "NOT COMPLIANT".length()), compliant);
  }

  @Test
  void aCheckFailingInOneRunShowsFailThereAndPassInTheOther() {
    List<ComparisonReport.Run> runs = twoRuns();
    String text = ComparisonReport.text(runs);
    String header = text.lines().findFirst().orElseThrow();
    String elapsed = line(text, "iteration 2 measured elapsed time");
    assertEquals(header.indexOf("run-a"), elapsed.indexOf("FAIL 1790.000 s"), elapsed);
    assertEquals(header.indexOf("run-b"), elapsed.indexOf("PASS 1842.000 s"), elapsed);
    assertTrue(line(text, "replication factor").matches(".*PASS.*PASS.*"));
  }

  @Test
  void latencyRowsComeFromTheMeasuredRuns() {
    RunResult a = SampleRuns.completed();
    String text = ComparisonReport.text(twoRuns());
    String p99 = line(text, "iteration 1 query-max");
    assertTrue(p99.contains(Html.fmt("%.3f", a.iterations().get(0).measured().latency().get(Operation.QUERY_MAX).p99Ms())),
        p99);
    line(text, "iteration 2 insert");
  }

  @Test
  void aRunWithoutMetricsShowsDashes() {
    String text = ComparisonReport.text(List.of(new ComparisonReport.Run("ok", SampleRuns.completed()),
        new ComparisonReport.Run("stopped", SampleRuns.aborted())));
    assertTrue(line(text, "IoTps").trim().endsWith("–"), text);
    assertTrue(line(text, "status").contains("ABORTED: memory: connection refused"), text);
  }

  @Test
  void htmlHasTheTableAndBothChartsAndNoExternalReference() {
    String html = ComparisonReport.html(twoRuns());
    for (String id : ComparisonReport.CHART_IDS) {
      assertTrue(Pattern.compile("<figure id=\"" + id + "\" class=\"chart\">.*?<svg", Pattern.DOTALL)
          .matcher(html).find(), id);
    }
    assertTrue(html.contains("<td class=\"num fail\">FAIL 1790.000 s</td>"));
    assertFalse(html.contains("http://") || html.contains("https://"));
  }
}

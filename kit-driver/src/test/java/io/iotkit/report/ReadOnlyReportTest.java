package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Json;
import io.iotkit.model.RunResult;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A run with a read-only execution (--queries-per-second) shows it beside each iteration's writes, in the text and
 * the HTML report alike, and its result.json keeps it, valid against the schema.
 */
class ReadOnlyReportTest {

  @Test
  void theTextReportGivesTheRateTheLatencyPerTemplateAndTheResources() {
    String text = RunReport.render(SampleRuns.withReadOnly(3, 60));
    assertTrue(text.contains("read-only: 3 queries/s per instance for 60 s"), "the inputs line says what ran");
    // 4 instances x 3 a second for 60 s: 720 queries in 60.0 s
    assertTrue(text.contains("60.0 s, 720 queries = 12.0 queries/s, 0 failed"), text);
    int at = text.indexOf("read-only latency (ms)");
    assertTrue(at > 0, text);
    String after = text.substring(at);
    assertTrue(after.contains("query max") && after.contains("query count"), after);
    assertFalse(after.substring(0, after.indexOf("\n  host")).contains("ingest"), "no ingest row: nothing written");
    assertFalse(RunReport.render(SampleRuns.completed()).contains("read-only"), "none where none ran");
  }

  @Test
  void theHtmlReportListsItAmongThePhases() {
    String html = HtmlReport.render(SampleRuns.withReadOnly(3, 60));
    assertTrue(html.contains("iteration 1 read-only"), "its row in the iterations table");
    assertTrue(html.contains("12.0 queries/s"), "its rate where a phase has IoTps");
    assertTrue(html.contains("0 (queries only)"));
  }

  @Test
  void itsResultIsValidAndReadsBack() throws Exception {
    RunResult r = SampleRuns.withReadOnly(3, 60);
    byte[] json = Json.bytes(r);
    assertEquals(Set.of(), ResultSchemaTest.schema().validate(Json.mapper().readTree(json)));
    RunResult back = Json.parse(new String(json, java.nio.charset.StandardCharsets.UTF_8), RunResult.class);
    assertEquals(720, back.iterations().get(0).readOnly().queries());
    assertEquals(3, back.inputs().queriesPerSecond());
    assertEquals(null, Json.parse(new String(Json.bytes(SampleRuns.completed()),
        java.nio.charset.StandardCharsets.UTF_8), RunResult.class).iterations().get(0).readOnly());
  }
}

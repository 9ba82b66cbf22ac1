package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Json;
import io.iotkit.model.RunResult;
import io.iotkit.study.StudyRow;
import io.iotkit.study.StudyTable;
import io.iotkit.study.StudyText;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What consumers read: in the run report, in result.json (valid against the schema) and in a study's table. */
class ConsumersReportTest {

  @Test
  void theReportGivesTheRateWithTheProducersAndAlone() {
    String text = RunReport.render(SampleRuns.withConsumers());
    assertTrue(text.contains("producer plus consumer: the reader on the master received the measured run's"
        + " 30,000,000 readings in "), text);
    // 60,000,000 stored readings read in 4 s
    assertTrue(text.contains("consumer only: a new consumer read the iteration's 60,000,000 stored readings in 4.0 s"
        + " = 15,000,000 readings/s, 14648.4 MiB/s"), text);
    assertFalse(RunReport.render(SampleRuns.completed()).contains("producer plus consumer"), "none on a queried store");
  }

  @Test
  void itsResultIsValidAndReadsBack() throws Exception {
    byte[] json = Json.bytes(SampleRuns.withConsumers());
    assertEquals(Set.of(), ResultSchemaTest.schema().validate(Json.mapper().readTree(json)));
    RunResult back = Json.parse(new String(json, StandardCharsets.UTF_8), RunResult.class);
    assertEquals(60_000_000L, back.iterations().get(1).consumers().alone().readings());
  }

  @Test
  void aStudyTablesTheConsumersRates() {
    StudyRow row = StudyTable.row("1", io.iotkit.study.PointState.Status.DONE, "runs/a", SampleRuns.withConsumers());
    assertEquals(15_000_000, row.consumers().alone().readingsPerSecond(), 1e-6);
    StudyTable t = new StudyTable("s", new io.iotkit.study.StudySpec(java.util.List.of("kafka"),
        java.util.List.of("1", "2"), null, null, null, null, 1000L, null, null, null, null, null, false, null, null,
        null).validated(), java.util.List.of(row));
    StudyText.Section s = StudyText.sections(t).stream().filter(x -> x.title().startsWith("Consumers"))
        .findFirst().orElseThrow();
    assertEquals("15,000,000", s.rows().get(1).get(4));
  }
}

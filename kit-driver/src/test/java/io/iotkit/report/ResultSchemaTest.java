package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.iotkit.model.Json;
import io.iotkit.model.ResultView;
import io.iotkit.model.RunResult;
import io.iotkit.model.SystemDescription;
import io.iotkit.sponsor.SponsorFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * result.json as the kit writes it matches its published schema, the schema catches what does not, and it describes
 * every field.
 */
class ResultSchemaTest {
  static JsonSchema schema() throws Exception {
    return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
        .getSchema(new String(ResultWriter.schema(), StandardCharsets.UTF_8));
  }

  private static JsonNode json(RunResult r) throws Exception {
    return Json.mapper().readTree(Json.bytes(r));
  }

  @Test
  void everyFieldIsDescribed() throws Exception {
    // docs/RESULT-JSON.md gives each field the schema's description: a field without one has nothing to say there
    List<String> bare = SchemaPaths.of(SchemaPaths.schema()).entrySet().stream()
        .filter(f -> !f.getValue().hasNonNull("description")).map(Map.Entry::getKey).toList();
    assertEquals(List.of(), bare, "fields of result.schema.json without a description");
  }

  @Test
  void completedAbortedAndCompliantRunsAreValid() throws Exception {
    for (RunResult r : new RunResult[] {SampleRuns.completed(), SampleRuns.aborted(), SampleRuns.compliant()}) {
      assertEquals(Set.of(), schema().validate(json(r)), r.runId());
    }
  }

  @Test
  void aRunWithTheShippedSystemDescriptionIsValid() throws Exception {
    RunResult r = SampleRuns.completed();
    SystemDescription system = SponsorFiles.system(Path.of("../workloads/system.json"));
    RunResult with = new RunResult(r.kitVersion(), r.runId(), r.status(), r.abortReason(), r.started(),
        r.finished(), r.inputs(), r.environment(), system, r.sut(), r.sutSettings(), r.prerequisites(),
        r.iterations(), r.cleanup(), r.metrics(), r.pricing(), r.compliant(), r.reasons(), r.driverHosts(), r.sutOutages());
    assertEquals(Set.of(), schema().validate(json(with)));
  }

  @Test
  void aResultOfAKitThatCountedOnlyTheTotalIsValidAndRendersAgain() throws Exception {
    ObjectNode old = (ObjectNode) json(SampleRuns.completed());
    for (JsonNode it : old.get("iterations")) {
      assertTrue(it.has("substationCounts"));
      ((ObjectNode) it).remove("substationCounts");
    }
    assertEquals(Set.of(), schema().validate(old));
    RunResult back = Json.mapper().treeToValue(old, RunResult.class);
    assertNull(back.iterations().get(0).substationCounts());
    assertTrue(ResultView.of(back).iterations().get(0).substationCounts().isEmpty());
    assertTrue(RunReport.render(back).contains("readings stored at the data check"));
    assertTrue(HtmlReport.render(back).contains("data check"));

    ObjectNode badCount = (ObjectNode) json(SampleRuns.completed());
    ((ObjectNode) badCount.get("iterations").get(0).get("substationCounts").get(0)).put("stored", -1);
    assertFalse(schema().validate(badCount).isEmpty());
  }

  @Test
  void theSchemaCatchesAMissingFieldAWrongTypeAndAnUnknownField() throws Exception {
    ObjectNode missing = (ObjectNode) json(SampleRuns.completed());
    missing.remove("metrics");
    assertFalse(schema().validate(missing).isEmpty());

    ObjectNode wrongType = (ObjectNode) json(SampleRuns.completed());
    ((ObjectNode) wrongType.get("inputs")).put("substations", "two");
    assertFalse(schema().validate(wrongType).isEmpty());

    ObjectNode unknown = (ObjectNode) json(SampleRuns.completed());
    ((ObjectNode) unknown.get("iterations").get(0).get("measured")).put("iotpsGuess", 1.0);
    Set<ValidationMessage> errors = schema().validate(unknown);
    assertTrue(errors.stream().anyMatch(e -> e.getMessage().contains("iotpsGuess")), errors.toString());
  }

  @Test
  void endToEndLatencyIsValidAndReadsBackAsWritten() throws Exception {
    RunResult r = io.iotkit.study.StudyRuns.withEndToEnd(SampleRuns.completed(), 7_000);
    JsonNode tree = json(r);
    assertEquals(Set.of(), schema().validate(tree));
    RunResult back = Json.mapper().treeToValue(tree, RunResult.class);
    for (int i = 0; i < r.iterations().size(); i++) {
      var written = r.iterations().get(i).measured();
      var read = back.iterations().get(i).measured();
      assertEquals(written.endToEnd().micros().count(), read.endToEnd().micros().count());
      assertEquals(written.latency().get(io.iotkit.model.Operation.END_TO_END),
          read.latency().get(io.iotkit.model.Operation.END_TO_END));
      assertTrue(written.latency().get(io.iotkit.model.Operation.END_TO_END).count() > 0);
    }
    // what `report` renders again from the file
    String text = RunReport.render(back);
    assertTrue(text.contains("end to end (to a reader)"), text);
    assertTrue(text.contains("every driver instance on the master's clock"), text);
  }

  @Test
  void sampledResourcesAreValidAndReadBackAsWritten() throws Exception {
    RunResult r = SampleRuns.completed();
    JsonNode tree = json(r);
    JsonNode resources = tree.get("iterations").get(0).get("measured").get("resources");
    assertTrue(resources.get("hosts").get(0).get("cpuUser").size() > 1_000, "a second-by-second series");
    // another user's process: its disk bytes are null, "not readable", and stay so when read back
    JsonNode regionServer = resources.get("processes").get(resources.get("processes").size() - 1);
    assertTrue(regionServer.get("diskWriteBytes").isNull());
    assertEquals(Set.of(), schema().validate(tree));
    RunResult back = Json.mapper().treeToValue(tree, RunResult.class);
    var p = back.iterations().get(0).measured().resources().processes();
    assertFalse(p.get(p.size() - 1).diskMeasured());
    assertTrue(p.get(p.size() - 2).diskMeasured());

    // an instance's own result file carries its usage under the same definition
    ObjectNode withInstanceUsage = (ObjectNode) json(r);
    ((ObjectNode) withInstanceUsage.get("iterations").get(0).get("measured").get("instances").get(0))
        .set("resources", resources);
    assertEquals(Set.of(), schema().validate(withInstanceUsage));

    ObjectNode negative = (ObjectNode) json(r);
    ((com.fasterxml.jackson.databind.node.ArrayNode) negative.get("iterations").get(0).get("measured")
        .get("resources").get("hosts").get(0).get("cpuUser")).set(3, -0.5);
    assertFalse(schema().validate(negative).isEmpty());
    ObjectNode summaryAsProperty = (ObjectNode) json(r);
    ((ObjectNode) summaryAsProperty.get("iterations").get(0).get("measured").get("resources").get("hosts").get(0))
        .put("cpuBusy", 1.0);
    assertFalse(schema().validate(summaryAsProperty).isEmpty());
  }
}

package io.iotkit.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Json;
import io.iotkit.model.KitLayout;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.RunResult;
import io.iotkit.report.SampleRuns;
import io.iotkit.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify derives TS_end again: each instance's end against the result file the instance wrote, and each phase's
 * TS_end as the last instance's end, so an elapsed time (and an IoTps) stretched past the last acknowledgement
 * does not verify.
 */
class RunVerifierTest {
  /** The checkout: the parent of this module's folder, where the tests run. */
  private static final KitLayout KIT = new KitLayout(Path.of("").toAbsolutePath().getParent());

  @TempDir
  Path dir;

  @Test
  void tsEndIsTheLastInstancesEndAndEachInstancesEndItsOwn() throws Exception {
    RunResult r = SampleRuns.completed();
    Json.write(dir.resolve(RunFolder.RESULT), r);
    for (IterationResult it : r.iterations()) {
      ownResultFiles(it.number(), it.warmup());
      ownResultFiles(it.number(), it.measured());
    }
    assertEquals(List.of(), endDiscrepancies(), "the sample run's ends agree");

    ObjectNode tree = (ObjectNode) Json.mapper().readTree(dir.resolve(RunFolder.RESULT).toFile());
    ObjectNode measured = (ObjectNode) tree.get("iterations").get(0).get("measured");
    measured.put("endMicros", measured.get("endMicros").asLong() + 5_000_000); // a tail after the last kvp
    Json.mapper().writeValue(dir.resolve(RunFolder.RESULT).toFile(), tree);
    InstanceResult own = r.iterations().get(1).warmup().instances().get(0);
    Json.write(dir.resolve("iteration-2/warmup/instance-0.result.json"), own.shifted(-1)); // its own end differs
    assertEquals(List.of("iteration 1 measured TS_end (the last instance's end)",
        "iteration 2 warmup instance 0 end (its last kvp acknowledged)"), endDiscrepancies());
  }

  private void ownResultFiles(int iteration, PhaseResult phase) throws Exception {
    Path phaseDir = Files.createDirectories(dir.resolve("iteration-" + iteration)
        .resolve(phase.measured() ? "measured" : "warmup"));
    for (InstanceResult i : phase.instances()) {
      Json.write(phaseDir.resolve("instance-" + i.instance() + ".result.json"), i);
    }
  }

  private List<String> endDiscrepancies() throws Exception {
    return RunVerifier.verify(dir, KIT).stream().map(Discrepancy::figure)
        .filter(f -> f.contains("TS_end") || f.contains(" end ")).toList();
  }
}

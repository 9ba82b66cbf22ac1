package io.iotkit.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.model.KitLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run folder's manifest reads back as written and names each file changed, missing or added since. */
class RunManifestTest {
  @Test
  void namesEveryFileChangedMissingOrAdded(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.writeString(run.resolve("result.json"), "{\"iotps\": 10}\n");
    Files.createDirectories(run.resolve("histograms"));
    Files.writeString(run.resolve("histograms/a.hlog"), "#a\n");
    Files.writeString(run.resolve("report.txt"), "IoTps 10\n");
    RunManifest m = RunManifest.of(run, "0.1.0 (commit abc)", new KitLayout(dir.resolve("kit")));
    m.write(run);

    RunManifest read = RunManifest.read(run).orElseThrow();
    assertEquals(m, read);
    assertEquals("none", read.kitManifestDigest(), "a kit without a manifest says so");
    assertEquals(List.of("histograms/a.hlog", "report.txt", "result.json"), List.copyOf(read.files().keySet()));
    assertEquals(List.of(), read.differences(run), "untouched");

    Files.writeString(run.resolve("result.json"), "{\"iotps\": 100}\n");
    Files.delete(run.resolve("report.txt"));
    Files.writeString(run.resolve("extra.txt"), "x\n");
    List<String> lines = read.differences(run).stream().map(Discrepancy::line).toList();
    assertEquals(3, lines.size(), lines.toString());
    assertEquals("file report.txt: missing (the manifest lists it)", lines.get(0));
    assertEquals(true, lines.get(1).startsWith("file result.json: changed since the run"), lines.get(1));
    assertEquals("file extra.txt: added since the run (not in the manifest)", lines.get(2));
    assertEquals(2, read.differences(run, Set.of("report.txt")).size(), "a document a report makes again");
  }
}

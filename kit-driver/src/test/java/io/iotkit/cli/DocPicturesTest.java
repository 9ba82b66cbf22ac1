package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.check.FileManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The pictures in the docs show pages the kit draws today: {@code bin/docs-pictures.sh} records the digests of the
 * page templates it made them with, and every template of the checkout must still have that digest. A changed,
 * added or removed template means the pictures are older than the pages; the script makes them again.
 */
class DocPicturesTest {
  private static final List<String> TEMPLATE_FOLDERS = List.of(
      "kit-driver/src/main/resources/io/iotkit/report", "kit-driver/src/main/resources/io/iotkit/template");

  @Test
  void thePicturesWereMadeFromTodaysTemplates() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
    Path record = root.resolve("docs/images/made-from.sha256");
    assertTrue(Files.isRegularFile(record), "no " + record + "; make the pictures with bin/docs-pictures.sh");
    Map<String, String> madeFrom = new TreeMap<>();
    for (String line : Files.readAllLines(record)) {
      if (!line.isBlank()) {
        madeFrom.put(line.substring(66), line.substring(0, 64));
      }
    }
    Map<String, String> today = new TreeMap<>();
    for (String folder : TEMPLATE_FOLDERS) {
      try (Stream<Path> files = Files.list(root.resolve(folder))) {
        for (Path file : files.filter(f -> f.toString().endsWith(".mustache")).toList()) {
          today.put(root.relativize(file).toString(), FileManifest.sha256(file));
        }
      }
    }
    TreeSet<String> changed = new TreeSet<>(today.keySet());
    changed.addAll(madeFrom.keySet());
    changed.removeIf(name -> today.getOrDefault(name, "gone").equals(madeFrom.get(name)));
    assertEquals(new TreeSet<>(), changed,
        "docs/images were made from other page templates than these; make them again with bin/docs-pictures.sh");
  }
}

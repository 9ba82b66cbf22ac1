package io.iotkit.disclosure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.model.RunResult;
import io.iotkit.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documents of {@link DisclosureFixture}'s runs, character for character, against copies kept in the test
 * resources (golden/). A deliberate change of a template or of the view's formatting changes them too: run this
 * test with -Dgolden.update=true to replace the copies, and read the difference before committing it.
 */
class DisclosureGoldenTest {
  private static final Path TEMPLATES = Path.of("..", "fdr-templates");
  private static final Path GOLDEN = Path.of("src", "test", "resources", "io", "iotkit", "disclosure", "golden");

  @TempDir
  Path runDir;

  private void assertSame(Path golden, RunResult r, List<String> documents) throws Exception {
    Disclosure.write(RunFolder.of(runDir), r, TEMPLATES);
    if (Boolean.getBoolean("golden.update")) { // after a deliberate change: -Dgolden.update=true, then read the diff
      for (String d : documents) {
        Files.copy(runDir.resolve(d), golden.resolve(d), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
    for (String d : documents) {
      assertEquals(Files.readString(golden.resolve(d)), Files.readString(runDir.resolve(d)), golden + "/" + d);
    }
  }

  @Test
  void aCompleteRunWithDigests() throws Exception {
    Files.writeString(runDir.resolve(Disclosure.DIGESTS_FILE), "abc  kit-driver/x.jar\n\ndef  bin/y\n");
    assertSame(GOLDEN, DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing()),
        List.of("fdr.md", "fdr.html", "executive-summary.md", "executive-summary.html"));
  }

  @Test
  void aRunWithoutDescription() throws Exception {
    assertSame(GOLDEN.resolve("without-description"), DisclosureFixture.run(null, DisclosureFixture.pricing()),
        List.of("fdr.md", "executive-summary.md"));
  }

  @Test
  void aRunWithoutPricing() throws Exception {
    assertSame(GOLDEN.resolve("without-pricing"), DisclosureFixture.run(DisclosureFixture.system(), null),
        List.of("fdr.md", "executive-summary.md"));
  }
}

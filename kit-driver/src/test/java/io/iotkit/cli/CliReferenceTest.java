package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/OPTIONS.md is the command's own help: the test fails while the page differs from what the picocli model
 * renders, and, run with {@code -Dcli.reference.write=true}, writes the page instead.
 */
class CliReferenceTest {
  private static final Path PAGE = Path.of("..", "docs", "OPTIONS.md");

  @Test
  void theOptionsPageIsTheCommandsOwnHelp() throws IOException {
    String rendered = renderQuietly();
    if (Boolean.getBoolean("cli.reference.write")) {
      Files.writeString(PAGE, rendered);
    }
    assertEquals(rendered, Files.readString(PAGE), "docs/OPTIONS.md differs from the command's help; regenerate it"
        + " with: mvn -B -pl kit-driver test -Dtest=CliReferenceTest -Dcli.reference.write=true");
  }

  @Test
  void everySubcommandHasItsSection() {
    String md = CliReference.markdown();
    for (String sub : new String[] {"report", "compare", "verify", "package", "manifest", "server", "bench", "plan",
        "sweep"}) {
      assertTrue(md.contains("\n## tpcx-iot.sh " + sub + "\n"), sub);
      assertTrue(md.contains("](#tpcx-iotsh-" + sub + ")"), sub);
    }
    assertTrue(md.contains("--substations") && md.contains("--pin-cpus") && md.contains("Exit codes:"), md);
  }

  /** The rendering, failing when picocli could not format a description (it warns on stderr and prints it raw). */
  private static String renderQuietly() {
    PrintStream err = System.err;
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    String rendered;
    try {
      System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
      rendered = CliReference.markdown();
    } finally {
      System.setErr(err);
    }
    assertEquals("", warnings.toString(StandardCharsets.UTF_8), "picocli could not render a help text");
    assertFalse(rendered.contains("%n"), "an unformatted %n in a help text");
    return rendered;
  }
}

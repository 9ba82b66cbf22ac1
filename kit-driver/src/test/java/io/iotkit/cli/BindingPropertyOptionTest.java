package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code --binding-property KEY=VALUE}: repeatable, in the order given; never a credential. */
class BindingPropertyOptionTest {

  @Test
  void givenPropertiesAreKeptInOrder() {
    RunCommand run = new RunCommand();
    new CommandLine(run).parseArgs("-b", "mysql", "--binding-property", "mysql.batch.size=10",
        "--binding-property", "iot.inflight.readings=500");
    assertEquals(Map.of("mysql.batch.size", "10", "iot.inflight.readings", "500"), run.givenProperties);
    assertEquals("mysql.batch.size", run.givenProperties.keySet().iterator().next());
  }

  @Test
  void aCredentialOnTheCommandLineIsBadInputInOneLine(@TempDir Path dir) {
    PrintStream err = System.err;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    int code;
    try {
      code = Main.execute("-b", "null", "-p", "1", "-k", "10", "--results", dir.toString(), "--binding-property",
          "mysql.password=hunter2");
    } finally {
      System.setErr(err);
    }
    assertEquals(2, code);
    assertEquals("tpcx-iot.sh: --binding-property mysql.password: credentials belong in the binding properties file"
        + " (--binding-properties), never on a command line, which process lists show\n",
        bytes.toString(StandardCharsets.UTF_8));
  }
}

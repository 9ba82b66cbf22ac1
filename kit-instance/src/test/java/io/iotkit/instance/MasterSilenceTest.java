package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.control.ControlLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An instance whose master falls silent while its stdin stays open (a cut link, where no connection closes) ends
 * itself within the limit, rather than waiting for a spec or a start that never come.
 */
class MasterSilenceTest {

  @Test
  void anInstanceThatHearsNothingFromItsMasterEndsItself(@TempDir Path dir) throws Exception {
    Path err = dir.resolve("instance.log");
    Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=" + dir, InstanceMain.class.getName()))
        .redirectError(err.toFile()).start();
    try {
      // stdin stays open and silent
      long limitSeconds = TimeUnit.MILLISECONDS.toSeconds(ControlLine.MASTER_SILENCE_LIMIT_MILLIS);
      assertTrue(p.waitFor(limitSeconds + 15, TimeUnit.SECONDS), "the instance still runs "
          + (limitSeconds + 15) + " s after its master's last word");
      assertEquals(4, p.exitValue());
      assertTrue(Files.readString(err).contains("no line from the master for"), Files.readString(err));
    } finally {
      p.destroyForcibly();
    }
  }
}

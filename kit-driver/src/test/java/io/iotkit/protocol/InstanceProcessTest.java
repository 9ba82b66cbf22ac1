package io.iotkit.protocol;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.hosts.InstanceSite;
import io.iotkit.progress.PhaseProgress;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An exited instance is judged by the last lines it wrote, not by the exit the master happened to see first. */
class InstanceProcessTest {

  private static InstanceProcess exitedAfterPrinting(String lines, Path dir) throws Exception {
    Process p = new ProcessBuilder("sh", "-c", "printf '" + lines + "'").start();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    return InstanceProcess.of(3, InstanceSite.local(dir), p, dir.resolve("instance-3.log"),
        dir.resolve("instance-3.hlog"), new PhaseProgress("measured", new long[] {1_000}));
  }

  private static String failure(InstanceProcess ip) {
    try {
      ip.done.join();
      return "none";
    } catch (CompletionException e) {
      return e.getCause().getMessage();
    }
  }

  @Test
  void anExitSeenBeforeItsLastLineIsReadIsNotAFailure(@TempDir Path dir) throws Exception {
    InstanceProcess ip = exitedAfterPrinting("ALIVE\\nFAILED its binding refused the spec\\n", dir);
    ip.checkAlive(); // the follow loop sees the exit before the reader has read anything
    ip.checkAlive();
    assertFalse(ip.done.isDone(), "an exited process whose output is unread is not yet a dead instance");

    ip.startReading();
    String why = failure(ip);
    assertTrue(why.contains("its binding refused the spec"), "the instance's own last line decides: " + why);
    assertFalse(why.contains("its JVM ended"), why);
  }

  @Test
  void anExitWithNoLastWordIsAFailureOnceItsOutputEnds(@TempDir Path dir) throws Exception {
    InstanceProcess ip = exitedAfterPrinting("READY\\nALIVE\\n", dir);
    ip.checkAlive();
    ip.startReading();
    String why = failure(ip);
    assertTrue(why.startsWith("driver instance 3 failed: exited without finishing"), why);
  }
}

package io.iotkit.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PidFileTest {

  @Test
  void noFileOrAGarbledOneMeansNothingRuns(@TempDir Path dir) throws Exception {
    assertTrue(PidFile.running(dir).isEmpty());
    Files.writeString(dir.resolve(PidFile.NAME), "not a pid\n");
    assertTrue(PidFile.running(dir).isEmpty());
  }

  @Test
  void aLiveProcessThatIsNoKitProcessIsNeverTakenForTheServer(@TempDir Path dir) throws Exception {
    Process sleeper = new ProcessBuilder("sleep", "30").start();
    try {
      PidFile.write(dir, sleeper.pid());
      assertTrue(PidFile.running(dir).isEmpty(), "a reused pid must not be signalled");
    } finally {
      sleeper.destroyForcibly();
    }
  }

  @Test
  void stopEndsTheKitProcessAndRemovesTheFile(@TempDir Path dir) throws Exception {
    // The shell's $0 stands in for a kit main class on the command line; '; true' keeps the shell itself alive.
    Process server = new ProcessBuilder("sh", "-c", "sleep 30; true", "io.iotkit.server.Fake").start();
    try {
      PidFile.write(dir, server.pid());
      ProcessHandle running = PidFile.running(dir).orElseThrow();
      assertTrue(PidFile.stop(running, dir, Duration.ofSeconds(20)), "stopped cleanly on SIGTERM");
      assertFalse(server.isAlive());
      assertFalse(Files.exists(dir.resolve(PidFile.NAME)));
      assertTrue(PidFile.running(dir).isEmpty());
    } finally {
      server.descendants().forEach(ProcessHandle::destroyForcibly);
      server.destroyForcibly();
    }
  }
}

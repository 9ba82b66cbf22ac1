package io.iotkit.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's log begins each start with its command line, a server JVM's options included; a server stopped while
 * it starts fails its start within the stopped limit, and one stopped when the kit stops it is killed at once.
 */
class ServerProcessTest {

  @Test
  void theLogBeginsEachStartWithTheCommandLine(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("x-server.log");
    List<String> command = List.of("sh", "-c", "echo starting >&2; echo READY port=7; read line", "-Xmx64m");
    for (int start = 1; start <= 2; start++) {
      ServerProcess p = ServerProcess.start(command, log, Duration.ofSeconds(30));
      assertEquals(Map.of("port", "7"), p.facts());
      p.stop(Duration.ofSeconds(10));
    }
    String line = "command: sh -c echo starting >&2; echo READY port=7; read line -Xmx64m";
    assertEquals(List.of(line, "starting", line, "starting"), Files.readAllLines(log));
  }

  @Test
  void aServerStoppedWhileItStartsFailsAfterTheStoppedLimitNotAtItsTimeout(@TempDir Path dir) {
    long t0 = System.nanoTime();
    IOException e = assertThrows(IOException.class, () -> ServerProcess.start(
        List.of("sh", "-c", "kill -STOP $$; echo READY port=7; read line"), dir.resolve("s.log"),
        Duration.ofSeconds(120)));
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
    assertTrue(e.getMessage().startsWith("stopped (SIGSTOP) for 15 s while it started; see "), e.getMessage());
    assertTrue(seconds >= ServerProcess.STOPPED_LIMIT.toSeconds() && seconds < 60, seconds + " s");
  }

  @Test
  void aServerStoppedWhenTheKitStopsItIsKilledWithoutWaitingItsGrace(@TempDir Path dir) throws Exception {
    ServerProcess p = ServerProcess.start(List.of("sh", "-c", "echo READY port=7; sleep 1; kill -STOP $$; read line"),
        dir.resolve("s.log"), Duration.ofSeconds(30));
    Thread.sleep(1_500);
    long t0 = System.nanoTime();
    p.stop(Duration.ofSeconds(120));
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
    assertTrue(seconds < 20, "a stopped server waited out its grace: " + seconds + " s");
    assertTrue(ProcessHandle.of(p.pid()).map(h -> !h.isAlive()).orElse(true), "the stopped server is gone");
  }
}

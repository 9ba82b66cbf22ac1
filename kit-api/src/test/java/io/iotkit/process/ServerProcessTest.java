package io.iotkit.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server's log begins each start with its command line, a server JVM's options included. */
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
}

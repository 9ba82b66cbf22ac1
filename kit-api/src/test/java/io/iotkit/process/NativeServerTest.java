package io.iotkit.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A native server as a launcher runs it: ready by its probe, stopped on request, its failure from its log. */
class NativeServerTest {

  @Test
  void servesOnceItsProbeSaysSoAndAStopIsNoFailure(@TempDir Path dir) throws Exception {
    ShellServer server = new ShellServer(dir, "echo listening on $1; exec sleep 60");
    server.start(0);
    assertTrue(ProcessHandle.of(server.pid()).map(ProcessHandle::isAlive).orElse(false));
    assertTrue(Files.readString(server.log()).contains("listening on " + server.port()));
    server.stop();
    assertNull(server.awaitEnd(), "a stop asked for is no failure");
  }

  @Test
  void anEndUnaskedIsOneLineWithItsCode(@TempDir Path dir) throws Exception {
    ShellServer server = new ShellServer(dir, "echo listening; sleep 1; exit 7");
    server.start(0);
    assertEquals("shell exited with code 7; see " + server.log(), server.awaitEnd());
  }

  @Test
  void aTakenFreePortIsTriedAgainThenTheLastErrorLineIsTheFailure(@TempDir Path dir) throws Exception {
    ShellServer server = new ShellServer(dir, "echo starting; echo 'Error: EADDRINUSE'; exit 1");
    IOException e = assertThrows(IOException.class, () -> server.start(0));
    assertEquals("shell exited with code 1: Error: EADDRINUSE; see " + server.log(), e.getMessage());
    assertEquals(3, Files.readAllLines(server.log()).stream().filter(l -> l.equals("starting")).count(),
        "three attempts on three free ports");
  }

  @Test
  void aPortAskedForIsNotTriedAgain(@TempDir Path dir) throws Exception {
    ShellServer server = new ShellServer(dir, "echo starting; echo 'Error: EADDRINUSE'; exit 1");
    assertThrows(IOException.class, () -> server.start(ServerChild.freePort("127.0.0.1")));
    assertEquals(1, Files.readAllLines(server.log()).stream().filter(l -> l.equals("starting")).count());
  }

  /** A "server" that is a shell script, given its port as $1, serving once it logged "listening". */
  private static final class ShellServer extends NativeServer {
    private final String script;

    ShellServer(Path dir, String script) {
      super("shell", "127.0.0.1", dir.resolve("shell.log"), Duration.ofSeconds(20), Duration.ofSeconds(5),
          List.of("Error"), "EADDRINUSE");
      this.script = script;
    }

    @Override
    protected List<String> command(int port) {
      return List.of("/bin/sh", "-c", script, "shell", Integer.toString(port));
    }

    @Override
    protected boolean serves(long logStart) throws IOException {
      return ServerChild.logSince(log(), logStart).contains("listening");
    }
  }
}

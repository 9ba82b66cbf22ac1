package io.iotkit.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launch protocol as a store's launcher speaks it through {@link Launcher}, heard by the kit's side
 * ({@link ServerProcess}): READY with the server's facts, a clean stop on request, one line and exit 1 when the server
 * dies, one line and exit 2 when it cannot start.
 */
class LauncherTest {

  @Test
  void readyCarriesTheFactsInTheirOrderAndStopEndsTheServer(@TempDir Path dir) throws Exception {
    Path stopped = dir.resolve("stopped");
    ServerProcess p = ServerProcess.start(launcher("serve", stopped.toString()), dir.resolve("l.log"),
        Duration.ofSeconds(60));
    assertEquals(Map.of("host", "127.0.0.1", "port", "7"), p.facts());
    p.stop(Duration.ofSeconds(20));
    assertTrue(Files.exists(stopped), "the server's stop did not run");
  }

  @Test
  void aServerThatDiesIsOneLineAndExitOne() throws Exception {
    Process p = new ProcessBuilder(launcher("die", "-")).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(Launcher.EXIT_DIED, p.exitValue());
    assertEquals("fake store: it exited with code 9", new String(p.getErrorStream().readAllBytes()).trim());
  }

  @Test
  void aServerThatCannotStartIsOneLineAndExitTwo() throws Exception {
    Process p = new ProcessBuilder(launcher("--port", "x")).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(Launcher.EXIT_NOT_STARTED, p.exitValue());
    assertEquals("fake store: unknown option --port", new String(p.getErrorStream().readAllBytes()).trim());
  }

  @Test
  void factsKeepTheirOrderAndOneWithASpaceIsRefused() {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("url", "http://a b");
    assertThrows(IllegalArgumentException.class, () -> Launcher.readyLine(facts));
    Map<String, String> ordered = new LinkedHashMap<>();
    ordered.put("b", "2");
    ordered.put("a", "1");
    assertEquals("READY b=2 a=1", Launcher.readyLine(ordered));
  }

  private static List<String> launcher(String... args) {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), FakeStore.class.getName()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** A launcher main whose server is a latch: "serve FILE" serves until stopped, "die -" ends on its own. */
  public static final class FakeStore {
    public static void main(String[] args) {
      Launcher.run("fake store", args, a -> {
        if (!a[0].equals("serve") && !a[0].equals("die")) {
          throw new IllegalArgumentException("unknown option " + a[0]);
        }
        CountDownLatch end = new CountDownLatch(1);
        return new Launcher.Server() {
          private volatile boolean stopped;

          @Override
          public Map<String, String> start() {
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("host", "127.0.0.1");
            facts.put("port", "7");
            if (a[0].equals("die")) {
              end.countDown();
            }
            return facts;
          }

          @Override
          public void stop() {
            stopped = true;
            if (a[0].equals("serve")) {
              try {
                Files.writeString(Path.of(a[1]), "stopped");
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            }
            end.countDown();
          }

          @Override
          public String awaitEnd() throws InterruptedException {
            end.await();
            return stopped ? null : "it exited with code 9";
          }
        };
      });
    }
  }
}

package io.iotkit.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A native server dies with its launcher however the launcher dies, and its watcher does not outlive it. */
class NativeChildTest {

  /** A launcher: starts a native "server" (sleep) through {@link NativeChild}, prints its pid, then waits. */
  public static final class Launcher {
    public static void main(String[] args) throws Exception {
      Process server = NativeChild.start(new ProcessBuilder("sleep", "300"));
      System.out.println(server.pid());
      System.out.flush();
      Thread.sleep(300_000);
    }
  }

  @Test
  void aServerWhoseLauncherIsKilledIsEndedWithinTheWatchersPoll() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process launcher = new ProcessBuilder(java, "-Xmx32m", "-cp", System.getProperty("java.class.path"),
        Launcher.class.getName()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    long serverPid;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(),
        StandardCharsets.UTF_8))) {
      serverPid = Long.parseLong(out.readLine().trim());
    }
    ProcessHandle server = ProcessHandle.of(serverPid).orElseThrow();
    assertTrue(server.isAlive());
    launcher.destroyForcibly(); // SIGKILL: the launcher runs no code of its own
    assertTrue(launcher.waitFor(10, TimeUnit.SECONDS));
    assertTrue(gone(server, 5_000 + 1_000L * NativeChild.POLL_SECONDS),
        "the server outlived its killed launcher: pid " + serverPid);
  }

  @Test
  void theWatcherEndsWhenItsServerEnds() throws Exception {
    Process server = new ProcessBuilder("sleep", "300").start();
    Process watcher = NativeChild.watch(ProcessHandle.current().pid(), server.pid());
    assertFalse(watcher.waitFor(1_500, TimeUnit.MILLISECONDS), "the watcher waits while both live");
    server.destroyForcibly().waitFor();
    assertTrue(watcher.waitFor(5_000 + 1_000L * NativeChild.POLL_SECONDS, TimeUnit.MILLISECONDS),
        "the watcher outlived its server");
    assertTrue(List.of(0).contains(watcher.exitValue()));
  }

  private static boolean gone(ProcessHandle p, long withinMillis) throws InterruptedException {
    long deadline = System.currentTimeMillis() + withinMillis;
    while (p.isAlive() && System.currentTimeMillis() < deadline) {
      Thread.sleep(100);
    }
    return !p.isAlive();
  }
}

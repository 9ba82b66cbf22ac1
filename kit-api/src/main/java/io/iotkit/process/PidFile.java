package io.iotkit.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one pid-file convention of the local servers {@code bin/tpcx-iot.sh server} starts: {@code DIR/server.pid}
 * holds the pid of the process serving DIR, the server's launcher when it runs detached, or the command itself
 * when it runs in the foreground. Stopping that process (SIGTERM) stops the server cleanly either way.
 */
public final class PidFile {
  public static final String NAME = "server.pid";

  private PidFile() {
  }

  public static void write(Path dir, long pid) throws IOException {
    Files.writeString(dir.resolve(NAME), pid + "\n", StandardCharsets.UTF_8);
  }

  /** Removes the pid file; a missing one is fine. */
  public static void delete(Path dir) {
    try {
      Files.deleteIfExists(dir.resolve(NAME));
    } catch (IOException e) {
      // a stale pid file is ignored by running(): it names no live kit process
    }
  }

  /**
   * The live process the pid file names, if it is still one of this kit's JVMs: a stale file may name a pid
   * that now belongs to something else, which must never be signalled.
   */
  public static Optional<ProcessHandle> running(Path dir) {
    Path file = dir.resolve(NAME);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    long pid;
    try {
      pid = Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).trim());
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(h -> h.info().commandLine().orElse("").contains("io.iotkit."));
  }

  /**
   * Asks the process of the pid file to stop (SIGTERM), waits up to {@code grace} for it to go, then kills it
   * and whatever it started. Removes the pid file.
   *
   * @return true if it stopped within the grace time, false if it had to be killed
   */
  public static boolean stop(ProcessHandle process, Path dir, Duration grace) {
    // Its children must be known before it dies: afterwards they no longer descend from it.
    List<ProcessHandle> children = process.descendants().toList();
    process.destroy();
    boolean clean = awaitExit(process, grace);
    if (!clean) {
      children.forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      awaitExit(process, Duration.ofSeconds(10));
    }
    delete(dir);
    return clean;
  }

  private static boolean awaitExit(ProcessHandle process, Duration limit) {
    try {
      process.onExit().get(limit.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (java.util.concurrent.ExecutionException e) {
      return !process.isAlive();
    }
  }
}

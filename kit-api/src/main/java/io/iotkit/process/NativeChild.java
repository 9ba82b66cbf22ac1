package io.iotkit.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a native server (influxd, postgres, mariadbd, node) from its launcher JVM so that it never outlives that
 * launcher, however the launcher dies. A launcher stops its server when the kit asks or goes away
 * ({@link ParentWatch}), but a launcher killed outright ({@code kill -9}, the OOM killer) runs no code: beside
 * each server, a small shell process looks once a second whether the launcher is still there, and kills the
 * server when it is not. A parent-death signal ({@code prctl(PR_SET_PDEATHSIG)}) would do this without a second
 * process, but the JVM spawns children from whichever thread asks, and the signal follows that thread, not the
 * JVM (and on the kit's machines it did not arrive when the whole JVM was killed).
 */
public final class NativeChild {
  private NativeChild() {
  }

  /** How often the watcher looks, in seconds: the bound on how long a server outlives its launcher. */
  static final int POLL_SECONDS = 1;

  /**
   * Ends the server ($2) once the launcher ($1) is gone; ends itself once the server is gone. Its own session
   * ({@code setsid}), so a signal to the launcher's process group does not take it first.
   */
  private static final String WATCH = "while kill -0 \"$1\" 2>/dev/null && kill -0 \"$2\" 2>/dev/null; do sleep "
      + POLL_SECONDS + "; done; kill -0 \"$1\" 2>/dev/null || kill -KILL \"$2\" 2>/dev/null; exit 0";

  private static final Path SETSID = Path.of("/usr/bin/setsid");

  /** Starts {@code builder}'s command with a watcher that kills it once this JVM is gone. */
  public static Process start(ProcessBuilder builder) throws IOException {
    Process server = builder.start();
    try {
      watch(ProcessHandle.current().pid(), server.pid());
    } catch (IOException e) {
      server.destroyForcibly();
      throw new IOException("could not start the watcher that ends " + builder.command().get(0)
          + " with its launcher: " + e.getMessage(), e);
    }
    return server;
  }

  /** Starts the watcher of {@code server} for {@code launcher}; it runs on by itself. */
  static Process watch(long launcher, long server) throws IOException {
    List<String> command = new ArrayList<>();
    if (Files.isExecutable(SETSID)) {
      command.add(SETSID.toString());
    }
    command.addAll(List.of("/bin/sh", "-c", WATCH, "iotkit-watch", Long.toString(launcher), Long.toString(server)));
    return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
  }
}

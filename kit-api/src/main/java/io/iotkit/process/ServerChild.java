package io.iotkit.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the launchers of the local servers do with the store's own server process (mariadbd, postgres, influxd,
 * dynalite): find it a port, read what it logged since it started, and end it once it was asked to stop.
 */
public final class ServerChild {
  /** How long a kill is given to take effect. */
  private static final Duration AFTER_KILL = Duration.ofSeconds(10);

  private ServerChild() {
  }

  /** A port nothing listens on at {@code host} now, for a server to bind next. */
  public static int freePort(String host) throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return s.getLocalPort();
    }
  }

  /** What the server appended to its log since the log was {@code offset} bytes long; empty when there is none. */
  public static String logSince(Path log, long offset) throws IOException {
    if (!Files.exists(log)) {
      return "";
    }
    String text = Files.readString(log, StandardCharsets.ISO_8859_1);
    return text.substring((int) Math.min(offset, text.length()));
  }

  /**
   * Waits up to {@code grace} for a server that was asked to stop (its own clean shutdown) to exit, then kills it.
   * An interrupt kills it at once and stays set.
   */
  public static void awaitExitOrKill(Process p, Duration grace) {
    try {
      if (!p.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly().waitFor(AFTER_KILL.toSeconds(), TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}

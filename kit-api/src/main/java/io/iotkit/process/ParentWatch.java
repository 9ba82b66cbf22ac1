package io.iotkit.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The child side of {@link ServerProcess}: runs {@code stop} on a STOP line, and also when stdin closes, which
 * happens when the kit exits for any reason (then with a time limit), and halts the JVM: no server, nor any
 * process a server started, outlives the kit.
 */
public final class ParentWatch {
  private ParentWatch() {
  }

  /** How long a server may take to stop after the kit vanished without asking. */
  private static final long ORPHAN_STOP_MILLIS = 30_000;

  public static void start(Runnable stop) {
    Thread t = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          if (line.trim().equals("STOP")) {
            stop.run();
            Runtime.getRuntime().halt(0);
          }
        }
      } catch (IOException e) {
        // stdin broken: treat as the parent gone
      }
      Thread stopping = new Thread(stop, "orphan-stop");
      stopping.setDaemon(true);
      stopping.start();
      try {
        stopping.join(ORPHAN_STOP_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      Runtime.getRuntime().halt(3);
    }, "parent-watch");
    t.setDaemon(true);
    t.start();
  }
}

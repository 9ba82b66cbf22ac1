package io.iotkit.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The child side of {@link ServerProcess}: runs {@code stop} on a STOP line and halts the JVM when stdin
 * closes, which happens when the kit exits for any reason, so no server outlives the kit.
 */
public final class ParentWatch {
  private ParentWatch() {
  }

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
      Runtime.getRuntime().halt(3);
    }, "parent-watch");
    t.setDaemon(true);
    t.start();
  }
}

package io.iotkit.process;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The main of a local server's launcher JVM, the child side of the kit's launch protocol ({@link ServerProcess})
 * written once: it makes the store's server from the command line, starts it, prints {@code READY key=value ...}
 * with the server's facts, and stops it on a {@code STOP} line or when stdin closes because the kit is gone
 * ({@link ParentWatch}); with {@code --detached} it ignores stdin and stops on SIGTERM. Either way a JVM shutdown
 * stops the server first, so none outlives its launcher.
 *
 * <p>Exit codes: 0 stopped on request, {@value #EXIT_DIED} the server died, {@value #EXIT_NOT_STARTED} it could not
 * start (bad arguments included).
 */
public final class Launcher {
  /** The server ended on its own. */
  public static final int EXIT_DIED = 1;
  /** The server could not start, or the command line was wrong. */
  public static final int EXIT_NOT_STARTED = 2;

  private Launcher() {
  }

  /** The store's side: one server (or cluster of nodes) that the launcher starts, stops and watches. */
  public interface Server {
    /** Starts the server and waits until it serves; returns the facts of the READY line, in their order. */
    Map<String, String> start() throws IOException, InterruptedException;

    /** Stops the server and whatever it started; called once or more, from any thread. */
    void stop();

    /**
     * Waits until the server ends, and returns why in one line when it ended on its own, or null when it was
     * stopped on request.
     */
    String awaitEnd() throws InterruptedException;
  }

  /** Makes the server from the launcher's arguments; a bad argument is an IllegalArgumentException. */
  public interface Factory {
    Server create(String[] args) throws IOException, InterruptedException;
  }

  /**
   * Runs the launcher: {@code name} starts each line it writes to stderr, e.g. "local InfluxDB". Returns only when
   * the server was stopped on request; every other end exits the JVM with its code.
   */
  public static void run(String name, String[] args, Factory factory) {
    Server server;
    try {
      server = factory.create(args);
      Server s = server;
      Runtime.getRuntime().addShutdownHook(new Thread(s::stop, "stop-server"));
      if (!Arrays.asList(args).contains(ChildJvmServer.DETACHED)) {
        ParentWatch.start(s::stop);
      }
      System.out.println(readyLine(server.start()));
      System.out.flush();
    } catch (IOException | RuntimeException e) {
      // a bad argument, a port taken, a server that would not start: its message is the one line
      System.err.println(name + ": " + e.getMessage());
      System.exit(EXIT_NOT_STARTED);
      return;
    } catch (InterruptedException e) {
      System.exit(EXIT_NOT_STARTED);
      return;
    }
    try {
      String why = server.awaitEnd();
      if (why == null) {
        return; // stopped on request; the thread that asked ends the JVM
      }
      System.err.println(name + ": " + why);
      System.exit(EXIT_DIED);
    } catch (InterruptedException e) {
      System.exit(EXIT_DIED);
    }
  }

  /** A READY line's facts from key, value pairs in their order, e.g. {@code facts("host", host, "port", 9092)}. */
  public static Map<String, String> facts(Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("facts come in key, value pairs");
    }
    Map<String, String> facts = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      facts.put(keysAndValues[i].toString(), String.valueOf(keysAndValues[i + 1]));
    }
    return facts;
  }

  /** {@code READY k1=v1 k2=v2}: the line {@link ServerProcess} waits for; a value holds no space. */
  static String readyLine(Map<String, String> facts) {
    facts.forEach((k, v) -> {
      if (k.isEmpty() || k.contains(" ") || k.contains("=") || v.contains(" ")) {
        throw new IllegalArgumentException("a READY fact holds a space or '=': " + k + "=" + v);
      }
    });
    return facts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" ", "READY ", ""));
  }
}

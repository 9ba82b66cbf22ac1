package io.iotkit.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * A real data store the kit starts on this machine: for the length of a run (it stops when the kit goes), or
 * by itself through {@code bin/tpcx-iot.sh server}, in the foreground or detached.
 */
public interface LocalServer extends AutoCloseable {

  /** One line for the report, e.g. "standalone HBase 2.5.10 in a child JVM". */
  String description();

  /**
   * Starts the server with its data under {@code workDir} and waits until it serves.
   *
   * @return binding properties that point at it (addresses only, never credentials)
   */
  Properties start(Path workDir) throws IOException;

  /** Stops the server and starts it again on the same data; returns the (possibly new) binding properties. */
  Properties restart() throws IOException;

  /** Stops the server; safe to call more than once. */
  void stop();

  /**
   * Ends the server at once, with no clean stop: for a server found dead or hung, whose clean stop would only
   * wait out its grace time. Safe to call more than once; by default, {@link #stop()}.
   */
  default void kill() {
    stop();
  }

  @Override
  default void close() {
    stop();
  }

  /**
   * Once stopped: deletes the store's own files (its data, not its configuration or logs) from the folder it was
   * started in. The kit calls it when the run, plan or bench that started the server ends: the data has been
   * checked and purged by then, and what is left is only disk space in the run folder (gigabytes for a small
   * HBase run, since stores keep replaced files until their cleaners run). By default, nothing.
   *
   * @throws IOException when a folder cannot be listed; what could not be deleted stays
   */
  default void deleteStoreFiles() throws IOException {
  }

  /** The launcher options (e.g. {@code --port}) a user may give this server through bin/tpcx-iot.sh server. */
  default Set<String> launchOptions() {
    return Set.of();
  }

  /**
   * As {@link #start(Path)}, with launcher options (option to value) out of {@link #launchOptions()}.
   *
   * @throws IllegalArgumentException for an option this server does not take
   */
  default Properties start(Path workDir, Map<String, String> launchOptions) throws IOException {
    if (!launchOptions.isEmpty()) {
      throw new IllegalArgumentException(description() + " takes no launcher options");
    }
    return start(workDir);
  }

  /**
   * Starts the server detached: it outlives this JVM, stops cleanly on SIGTERM, and its pid is in the
   * {@link PidFile} of {@code workDir}. Returns once it serves.
   *
   * @return binding properties that point at it (addresses only, never credentials)
   */
  default Properties startDetached(Path workDir, Map<String, String> launchOptions) throws IOException {
    throw new IOException(description() + " cannot run detached");
  }

  /**
   * One node of a running local server: a process the store counts as a member (a broker, a datanode, a replica).
   *
   * @param name the node's role and number, stable across restarts, e.g. "broker 2"
   * @param pid  the process that serves as that node now; a restart gives it a new one
   */
  record Node(String name, long pid) {
  }

  /**
   * The nodes serving now, so the system cleanup can show that a restart restarted each of them. Empty when the
   * server is not running.
   */
  List<Node> nodes();

  /** What the server said about itself when it became ready (port, version, ...; never secrets); empty before. */
  default Map<String, String> readyFacts() {
    return Map.of();
  }
}

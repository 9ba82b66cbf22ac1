package io.iotkit.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;

/** A real data store the kit starts on this machine and owns for the length of a run. */
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

  @Override
  default void close() {
    stop();
  }
}

package io.iotkit.resources;

import java.io.IOException;
import java.util.Optional;

/** Where a {@link ResourceSampler} reads a host's counters: this host's /proc, or a remote one's over ssh. */
interface HostCounters extends AutoCloseable {

  /** Whether counters can be read at all. */
  boolean available();

  /** The host's counters now; an IOException loses this second's reading. */
  ProcReader.Host host() throws IOException;

  /**
   * A process's counters, or empty when it is gone (or cannot be known).
   *
   * @param withDescendants whether to add those of every process under it
   */
  Optional<ProcReader.Process> process(long pid, boolean withDescendants);

  /** Ends whatever reading the counters took (a remote one's ssh session). */
  @Override
  default void close() {
  }
}

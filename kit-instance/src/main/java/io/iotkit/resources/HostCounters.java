package io.iotkit.resources;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

  /**
   * Every TCP socket of the host by inode, with the bytes it has received and sent since it opened; empty when
   * they cannot be read (no {@code ss} on the host, or a remote host), so no process's network is measured.
   */
  default Optional<Map<Long, ProcText.Bytes>> tcpSockets() {
    return Optional.empty();
  }

  /**
   * The inodes of the sockets a process holds open, with those of every process under it if asked; empty when it
   * is gone or they cannot be read.
   */
  default Set<Long> socketInodes(long pid, boolean withDescendants) {
    return Set.of();
  }

  /** Ends whatever reading the counters took (a remote one's ssh session). */
  @Override
  default void close() {
  }
}

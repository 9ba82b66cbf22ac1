package io.iotkit.resources;

import java.io.IOException;
import java.util.List;
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
   * The inodes of the sockets the processes hold open (those of a {@link ProcReader.Process}'s reading); empty for a
   * process gone, or where they cannot be read.
   */
  default Set<Long> socketInodes(List<Long> pids) {
    return Set.of();
  }

  /** Ends whatever reading the counters took (a remote one's ssh session). */
  @Override
  default void close() {
  }
}

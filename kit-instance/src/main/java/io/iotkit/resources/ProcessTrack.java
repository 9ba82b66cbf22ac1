package io.iotkit.resources;

import io.iotkit.model.ResourceUsage.ProcessUsage;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One process's series. A process the sampler first sees after the first second (a SUT node that restarted)
 * has zeros before it: it did not exist, or the run did not know it yet; its first second counts from that first
 * reading. After it ends its elements are zeros too: a process that is gone uses nothing.
 *
 * <p>Its network is what its TCP sockets (and those of the processes under it, for a SUT node) received and sent,
 * loopback included: each socket's counts since the reading before, a socket first seen after the process's first
 * reading counted from its opening. A socket that closes between two readings loses the bytes of its last
 * partial second.
 */
final class ProcessTrack {
  private final WatchedProcess who;
  private double[] cpu;
  private long[] rss;
  private long[] read;
  private long[] written;
  private long[] netRx;
  private long[] netTx;
  /** Whether its sockets were counted when first seen; when not, its network series are "not measured". */
  private boolean netMeasured;
  /** Its sockets' counts at the last reading, by inode. */
  private Map<Long, ProcText.Bytes> lastSockets = Map.of();
  /** Whether its /proc/PID/io was readable when first seen; when not, its disk series are "not readable". */
  private boolean ioReadable = true;
  private ProcReader.Process last;
  private int length;

  /** @param before elements before the first reading (seconds in which it was not seen) */
  ProcessTrack(WatchedProcess who, int before) {
    this.who = who;
    int capacity = Math.max(16, before + 16);
    cpu = new double[capacity];
    rss = new long[capacity];
    read = new long[capacity];
    written = new long[capacity];
    netRx = new long[capacity];
    netTx = new long[capacity];
    length = before;
  }

  WatchedProcess who() {
    return who;
  }

  /** Adds the element ending now: its reading, or empty when the process is gone; its network not measured. */
  void add(Optional<ProcReader.Process> reading, boolean baseline) {
    add(reading, Sockets.NONE, baseline);
  }

  /**
   * The host's TCP sockets at one reading (see {@link HostCounters#tcpSockets}) and the inodes of the process's
   * own; {@link #NONE} where they could not be read.
   */
  record Sockets(Map<Long, ProcText.Bytes> host, Set<Long> own) {
    static final Sockets NONE = new Sockets(null, Set.of());

    boolean read() {
      return host != null;
    }
  }

  /** Adds the element ending now: its reading and its sockets', or empty when the process is gone. */
  void add(Optional<ProcReader.Process> reading, Sockets sockets, boolean baseline) {
    ProcReader.Process now = reading.orElse(null);
    if (last == null && now != null) {
      ioReadable = now.io() != null;
      netMeasured = sockets.read();
    }
    if (!baseline) {
      grow();
      if (now != null && last != null) {
        cpu[length] = Math.max(0, now.ticks() - last.ticks()) / (double) ProcText.USER_HZ;
        if (now.io() != null && last.io() != null) {
          read[length] = HostTrack.delta(now.io().read(), last.io().read());
          written[length] = HostTrack.delta(now.io().written(), last.io().written());
        }
        countSockets(sockets);
      }
      rss[length] = now == null ? 0 : now.rssBytes();
      length++;
    }
    if (now != null && sockets.read()) {
      lastSockets = ownCounts(sockets);
    }
    last = now;
  }

  /** Adds each own socket's bytes since the last reading, or since it opened if it is new, to this element. */
  private void countSockets(Sockets sockets) {
    if (!sockets.read()) {
      return; // this second's sockets could not be read: the next reading counts from the last one that was
    }
    for (long inode : sockets.own()) {
      ProcText.Bytes b = sockets.host().get(inode);
      if (b == null) {
        continue; // a listening socket, or one closed meanwhile
      }
      ProcText.Bytes before = lastSockets.getOrDefault(inode, new ProcText.Bytes(0, 0));
      netRx[length] += HostTrack.delta(b.read(), before.read());
      netTx[length] += HostTrack.delta(b.written(), before.written());
    }
  }

  private static Map<Long, ProcText.Bytes> ownCounts(Sockets sockets) {
    Map<Long, ProcText.Bytes> own = new HashMap<>();
    for (long inode : sockets.own()) {
      ProcText.Bytes b = sockets.host().get(inode);
      if (b != null) {
        own.put(inode, b);
      }
    }
    return own;
  }

  int length() {
    return length;
  }

  /** Its last element's CPU seconds; call only when it has one. */
  double lastCpu() {
    return cpu[length - 1];
  }

  /** Its last element's {resident bytes, disk bytes read, written}, the disk ones -1 when not readable. */
  long[] lastBytes() {
    int i = length - 1;
    return new long[] {rss[i], ioReadable ? read[i] : -1, ioReadable ? written[i] : -1};
  }

  /** The process's series over the first {@code elements} elements, padded with zeros to that length. */
  ProcessUsage usage(String host, int elements) {
    return new ProcessUsage(host, who.name(), who.role(), who.pid(), Arrays.copyOf(cpu, elements),
        Arrays.copyOf(rss, elements), ioReadable ? Arrays.copyOf(read, elements) : null,
        ioReadable ? Arrays.copyOf(written, elements) : null, netMeasured ? Arrays.copyOf(netRx, elements) : null,
        netMeasured ? Arrays.copyOf(netTx, elements) : null);
  }

  private void grow() {
    if (length == cpu.length) {
      int n = cpu.length * 2;
      cpu = Arrays.copyOf(cpu, n);
      rss = Arrays.copyOf(rss, n);
      read = Arrays.copyOf(read, n);
      written = Arrays.copyOf(written, n);
      netRx = Arrays.copyOf(netRx, n);
      netTx = Arrays.copyOf(netTx, n);
    }
  }
}

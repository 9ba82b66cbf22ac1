package io.iotkit.resources;

import io.iotkit.model.ResourceUsage.ProcessUsage;
import java.util.Arrays;
import java.util.Optional;

/**
 * One process's series. A process the sampler first sees after the first second (a SUT node that restarted)
 * has zeros before it: it did not exist, or the run did not know it yet; its first second counts from that first
 * reading. After it ends its elements are zeros too: a process that is gone uses nothing.
 */
final class ProcessTrack {
  private final WatchedProcess who;
  private double[] cpu;
  private long[] rss;
  private long[] read;
  private long[] written;
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
    length = before;
  }

  WatchedProcess who() {
    return who;
  }

  /** Adds the element ending now: its reading, or empty when the process is gone. */
  void add(Optional<ProcReader.Process> reading, boolean baseline) {
    ProcReader.Process now = reading.orElse(null);
    if (last == null && now != null) {
      ioReadable = now.io() != null;
    }
    if (!baseline) {
      grow();
      if (now != null && last != null) {
        cpu[length] = Math.max(0, now.ticks() - last.ticks()) / (double) ProcText.USER_HZ;
        if (now.io() != null && last.io() != null) {
          read[length] = HostTrack.delta(now.io().read(), last.io().read());
          written[length] = HostTrack.delta(now.io().written(), last.io().written());
        }
      }
      rss[length] = now == null ? 0 : now.rssBytes();
      length++;
    }
    last = now;
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
        ioReadable ? Arrays.copyOf(written, elements) : null);
  }

  private void grow() {
    if (length == cpu.length) {
      int n = cpu.length * 2;
      cpu = Arrays.copyOf(cpu, n);
      rss = Arrays.copyOf(rss, n);
      read = Arrays.copyOf(read, n);
      written = Arrays.copyOf(written, n);
    }
  }
}

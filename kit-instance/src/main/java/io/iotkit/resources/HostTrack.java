package io.iotkit.resources;

import io.iotkit.model.ResourceUsage.HostUsage;
import java.util.ArrayList;
import java.util.List;

/** One host's series, grown by one element per pair of consecutive readings. */
final class HostTrack {
  private final List<double[]> cpu = new ArrayList<>(); // user, system, iowait
  private final List<long[]> bytes = new ArrayList<>(); // mem used, disk read, disk written, net rx, net tx
  private ProcReader.Host last;

  /** Adds the element from the last reading to this one (the first reading is only the baseline). */
  void add(ProcReader.Host now) {
    if (last != null) {
      double seconds = Math.max(1e-3, (now.nanos() - last.nanos()) / 1e9) * ProcText.USER_HZ;
      cpu.add(new double[] {
          rate(now.cpu().user() - last.cpu().user(), seconds),
          rate(now.cpu().system() - last.cpu().system(), seconds),
          rate(now.cpu().iowait() - last.cpu().iowait(), seconds)});
      bytes.add(new long[] {
          Math.max(0, now.memTotalBytes() - now.memAvailableBytes()),
          delta(now.disk().read(), last.disk().read()),
          delta(now.disk().written(), last.disk().written()),
          delta(now.net().read(), last.net().read()),
          delta(now.net().written(), last.net().written())});
    }
    last = now;
  }

  int length() {
    return cpu.size();
  }

  /** Its last element's CPU figures (user, system, iowait); call only when it has one. */
  double[] lastCpu() {
    return cpu.get(cpu.size() - 1);
  }

  /** Its last element's byte figures (memory used, disk read, disk written, net received, net sent). */
  long[] lastBytes() {
    return bytes.get(bytes.size() - 1);
  }

  /** The host's logical CPUs, from its last reading. */
  int cpus() {
    return last == null ? 1 : Math.max(1, last.cpu().cpus());
  }

  /** The host's memory, from its last reading. */
  long memTotalBytes() {
    return last == null ? 0 : Math.max(0, last.memTotalBytes());
  }

  /** The series of its first {@code elements} elements (all it has, if fewer). */
  HostUsage usage(String host, List<String> roles, int elements) {
    int n = Math.min(elements, cpu.size());
    double[][] c = new double[3][n];
    long[][] b = new long[5][n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 3; k++) {
        c[k][i] = cpu.get(i)[k];
      }
      for (int k = 0; k < 5; k++) {
        b[k][i] = bytes.get(i)[k];
      }
    }
    return new HostUsage(host, roles, cpus(), memTotalBytes(), c[0], c[1], c[2], b[0], b[1], b[2], b[3], b[4]);
  }

  /** Ticks over all CPUs in an interval, as CPU seconds per second; 0 if a counter went back (a CPU offlined). */
  private static double rate(long ticks, double intervalTicks) {
    return Math.max(0, ticks / intervalTicks);
  }

  static long delta(long now, long before) {
    return Math.max(0, now - before);
  }
}

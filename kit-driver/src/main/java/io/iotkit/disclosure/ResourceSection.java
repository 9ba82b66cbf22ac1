package io.iotkit.disclosure;

import static io.iotkit.disclosure.FdrFormat.bytes;
import static io.iotkit.disclosure.FdrFormat.decimals;

import io.iotkit.model.PhaseResult;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResourceUsage.HostUsage;
import io.iotkit.model.ResourceUsage.ProcessUsage;
import io.iotkit.model.ResourceUsage.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The resource usage of a measured execution as the documents show it: per host, per SUT process and for the
 * driver instances together, the mean and the peak of the per-second series sampled from /proc. A host's network
 * leaves loopback out (its interfaces' counters); a process's is its TCP sockets', loopback included.
 */
final class ResourceSection {
  static final String NOT_SAMPLED = "not sampled";
  static final String NOT_READABLE = "not readable";
  static final String NOT_MEASURED = "not measured";

  private ResourceSection() {
  }

  /** One row per host, then one per SUT process; empty when nothing was sampled. */
  static List<FdrView.Usage> rows(PhaseResult p) {
    ResourceUsage u = p == null ? null : p.resources();
    if (u == null || u.nothingSampled()) {
      return List.of();
    }
    List<FdrView.Usage> rows = new ArrayList<>();
    for (HostUsage h : u.hosts()) {
      rows.add(new FdrView.Usage("host " + h.host() + " (" + String.join(", ", h.roles()) + ")",
          cpu(Summary.of(h.cpuBusy())) + " of " + h.cpus(), memory(Summary.of(h.memUsedBytes())) + " of "
          + bytes(h.memTotalBytes()), rate(h.diskReadBytes()), rate(h.diskWriteBytes()), rate(h.netRxBytes()),
          rate(h.netTxBytes())));
    }
    for (ProcessUsage s : u.processesOf("sut")) {
      rows.add(new FdrView.Usage("SUT " + s.name() + " (pid " + s.pid() + " on " + s.host() + ")",
          cpu(Summary.of(s.cpuSeconds())), memory(Summary.of(s.rssBytes())),
          s.diskMeasured() ? rate(s.diskReadBytes()) : NOT_READABLE,
          s.diskMeasured() ? rate(s.diskWriteBytes()) : NOT_READABLE, net(s, s.netRxBytes()),
          net(s, s.netTxBytes())));
    }
    List<ProcessUsage> drivers = u.processesOf("driver");
    if (!drivers.isEmpty()) {
      rows.add(driverRow(drivers));
    }
    return rows;
  }

  /**
   * The driver instances together: their CPU and memory summed second by second, and what their sockets moved
   * (the instances the master counted; those on other hosts show in their host's row).
   */
  private static FdrView.Usage driverRow(List<ProcessUsage> drivers) {
    double[] cpu = ResourceUsage.sum(drivers.stream().map(ProcessUsage::cpuSeconds).toArray(double[][]::new));
    long[] rss = total(drivers, ProcessUsage::rssBytes);
    List<ProcessUsage> counted = drivers.stream().filter(ProcessUsage::netMeasured).toList();
    String who = "driver instances (" + drivers.size() + (counted.size() == drivers.size() ? ""
        : ", sockets counted on " + counted.size()) + ")";
    boolean disk = drivers.stream().allMatch(ProcessUsage::diskMeasured);
    return new FdrView.Usage(who, cpu(Summary.of(cpu)), memory(Summary.of(rss)),
        disk ? rate(total(drivers, ProcessUsage::diskReadBytes)) : NOT_READABLE,
        disk ? rate(total(drivers, ProcessUsage::diskWriteBytes)) : NOT_READABLE,
        counted.isEmpty() ? NOT_MEASURED : rate(total(counted, ProcessUsage::netRxBytes)),
        counted.isEmpty() ? NOT_MEASURED : rate(total(counted, ProcessUsage::netTxBytes)));
  }

  private static String net(ProcessUsage p, long[] perSecond) {
    return p.netMeasured() ? rate(perSecond) : NOT_MEASURED;
  }

  /** A figure of several processes summed second by second. */
  private static long[] total(List<ProcessUsage> ps, Function<ProcessUsage, long[]> figure) {
    return ResourceUsage.sum(ps.stream().map(figure).toArray(long[][]::new));
  }

  /** Why an iteration has no rows, or null when it has some. */
  static String unknown(PhaseResult p) {
    return rows(p).isEmpty() ? NOT_SAMPLED : null;
  }

  private static String cpu(Summary s) {
    return decimals("%.2f", s.mean()) + " / " + decimals("%.2f", s.peak());
  }

  private static String memory(Summary s) {
    return bytes(Math.round(s.mean())) + " / " + bytes(Math.round(s.peak()));
  }

  private static String rate(long[] perSecond) {
    Summary s = Summary.of(perSecond);
    return bytes(Math.round(s.mean())) + "/s / " + bytes(Math.round(s.peak())) + "/s";
  }
}

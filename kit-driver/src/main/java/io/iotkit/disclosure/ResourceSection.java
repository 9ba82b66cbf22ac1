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

/**
 * The resource usage of a measured execution as the documents show it: per host and per SUT process, the mean
 * and the peak of the per-second series sampled from /proc.
 */
final class ResourceSection {
  static final String NOT_SAMPLED = "not sampled";
  static final String NOT_READABLE = "not readable";
  private static final String NONE = "-";

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
          s.diskMeasured() ? rate(s.diskWriteBytes()) : NOT_READABLE, NONE, NONE));
    }
    return rows;
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

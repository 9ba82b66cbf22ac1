package io.iotkit.metrics;

import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResourceUsage.HostUsage;
import io.iotkit.model.ResourceUsage.ProcessUsage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Puts the usage the master and the instances sampled in one execution together. */
public final class ResourceMerge {
  /** Roles in the order they are listed. */
  private static final List<String> ROLES = List.of("master", "driver", "sut");

  private ResourceMerge() {
  }

  /**
   * One series per host, by host name: several samplers on one host (the master and local instances, or several
   * instances of a driver host) read the same host counters, so the longest of their series is kept, under
   * every role they gave it. Processes are listed once each (host and pid), in the order given: a local instance
   * that the master sampled too (for its sockets, which only the master counts) is the master's series.
   */
  public static ResourceUsage of(List<ResourceUsage> parts) {
    Map<String, HostUsage> hosts = new LinkedHashMap<>();
    Map<String, List<String>> roles = new LinkedHashMap<>();
    Map<String, ProcessUsage> processes = new LinkedHashMap<>();
    ResourceUsage.DataFolder sutFolder = null;
    for (ResourceUsage part : parts) {
      if (part == null) {
        continue;
      }
      sutFolder = sutFolder == null ? part.sutFolder() : sutFolder;
      for (HostUsage h : part.hosts()) {
        roles.computeIfAbsent(h.host(), k -> new ArrayList<>()).addAll(h.roles());
        hosts.merge(h.host(), h, (a, b) -> b.cpuUser().length > a.cpuUser().length ? b : a);
      }
      for (ProcessUsage p : part.processes()) {
        processes.putIfAbsent(p.host() + "\u0000" + p.pid() + "\u0000" + p.name(), p);
      }
    }
    List<HostUsage> merged = new ArrayList<>();
    hosts.forEach((name, h) -> merged.add(new HostUsage(h.host(), ROLES.stream()
        .filter(roles.get(name)::contains).toList(), h.cpus(), h.memTotalBytes(), h.cpuUser(), h.cpuSystem(),
        h.cpuIowait(), h.memUsedBytes(), h.diskReadBytes(), h.diskWriteBytes(), h.netRxBytes(), h.netTxBytes())));
    return new ResourceUsage(merged, List.copyOf(processes.values()), sutFolder);
  }

  /** Every series cut to its first {@code seconds} elements (result.json keeps at most an hour of them). */
  public static ResourceUsage firstSeconds(ResourceUsage u, int seconds) {
    List<HostUsage> hosts = u.hosts().stream().map(h -> new HostUsage(h.host(), h.roles(), h.cpus(),
        h.memTotalBytes(), cut(h.cpuUser(), seconds), cut(h.cpuSystem(), seconds), cut(h.cpuIowait(), seconds),
        cut(h.memUsedBytes(), seconds), cut(h.diskReadBytes(), seconds), cut(h.diskWriteBytes(), seconds),
        cut(h.netRxBytes(), seconds), cut(h.netTxBytes(), seconds))).toList();
    List<ProcessUsage> processes = u.processes().stream().map(p -> new ProcessUsage(p.host(), p.name(), p.role(),
        p.pid(), cut(p.cpuSeconds(), seconds), cut(p.rssBytes(), seconds), cut(p.diskReadBytes(), seconds),
        cut(p.diskWriteBytes(), seconds), cut(p.netRxBytes(), seconds), cut(p.netTxBytes(), seconds))).toList();
    return new ResourceUsage(hosts, processes, u.sutFolder());
  }

  /**
   * Every series made {@code seconds} long: all cut to it; a process's shorter series (an instance that ended
   * before the execution did) padded with zeros, as a process that is gone uses nothing. A host's series is
   * never padded: a second its sampler did not read is not a second of zero use.
   */
  public static ResourceUsage toSeconds(ResourceUsage u, int seconds) {
    ResourceUsage cut = firstSeconds(u, seconds);
    List<ProcessUsage> processes = cut.processes().stream().map(p -> new ProcessUsage(p.host(), p.name(), p.role(),
        p.pid(), Arrays.copyOf(p.cpuSeconds(), seconds), Arrays.copyOf(p.rssBytes(), seconds),
        pad(p.diskReadBytes(), seconds), pad(p.diskWriteBytes(), seconds), pad(p.netRxBytes(), seconds),
        pad(p.netTxBytes(), seconds))).toList();
    return new ResourceUsage(cut.hosts(), processes, cut.sutFolder());
  }

  /** The longest series of any host or process. */
  public static int length(ResourceUsage u) {
    int n = 0;
    for (HostUsage h : u.hosts()) {
      n = Math.max(n, h.cpuUser().length);
    }
    for (ProcessUsage p : u.processes()) {
      n = Math.max(n, p.cpuSeconds().length);
    }
    return n;
  }

  /** A series made {@code n} long with zeros; null (not measured) stays null. */
  private static long[] pad(long[] a, int n) {
    return a == null ? null : Arrays.copyOf(a, n);
  }

  private static double[] cut(double[] a, int n) {
    return a.length <= n ? a : Arrays.copyOf(a, n);
  }

  private static long[] cut(long[] a, int n) {
    return a == null || a.length <= n ? a : Arrays.copyOf(a, n);
  }
}

package io.iotkit.live;

import io.iotkit.resources.SecondListener;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The master's samples of one workload execution, added up second by second: each host's busy CPU and memory in
 * use (this host, and each SUT host of a host list) and each process it follows (the master's JVM, the local
 * SUT's nodes).
 */
final class SampledFigures implements SecondListener {
  private final Labels execution;
  private final Map<Labels, double[]> hosts = new LinkedHashMap<>(); // {busy CPU seconds, memory used bytes}
  private final Map<Labels, double[]> processes = new LinkedHashMap<>(); // {CPU seconds, resident bytes}

  /** @param execution the labels of the run and the execution */
  SampledFigures(Labels execution) {
    this.execution = execution;
  }

  @Override
  public synchronized void host(String host, double busyCpuSeconds, long memUsedBytes) {
    double[] f = hosts.computeIfAbsent(execution.add("host", host), k -> new double[2]);
    f[0] += busyCpuSeconds;
    f[1] = memUsedBytes;
  }

  @Override
  public synchronized void process(String host, String name, String role, double cpuSeconds, long rssBytes) {
    Labels labels = execution.merge(new String[] {"host", "process", "role"}, new String[] {host, name, role});
    double[] f = processes.computeIfAbsent(labels, k -> new double[2]);
    f[0] += cpuSeconds;
    f[1] = rssBytes;
  }

  /** Each host's labels with its figures as of now. */
  synchronized List<Map.Entry<Labels, double[]>> hosts() {
    return copy(hosts);
  }

  /** Each process's labels with its figures as of now. */
  synchronized List<Map.Entry<Labels, double[]>> processes() {
    return copy(processes);
  }

  private static List<Map.Entry<Labels, double[]>> copy(Map<Labels, double[]> m) {
    return m.entrySet().stream().map(e -> Map.entry(e.getKey(), e.getValue().clone())).toList();
  }
}

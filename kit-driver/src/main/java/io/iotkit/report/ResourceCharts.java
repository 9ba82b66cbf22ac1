package io.iotkit.report;

import io.iotkit.model.IterationResult;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResourceUsage.HostUsage;
import io.iotkit.model.ResourceUsage.ProcessUsage;
import io.iotkit.model.ResultView;
import java.util.ArrayList;
import java.util.List;

/**
 * The charts of what each measured run used, second by second from TS_start: per host its CPU (user, system,
 * iowait), memory, disk and network; per process group (the SUT's nodes, the driver instances, the master) CPU
 * and resident memory.
 */
final class ResourceCharts {
  private static final double GIB = 1L << 30;
  private static final double MIB = 1L << 20;
  private static final String X = "seconds since TS_start";

  private ResourceCharts() {
  }

  /** Every chart of every measured run that was sampled; empty when none was. */
  static List<SvgChart> of(ResultView v) {
    List<SvgChart> charts = new ArrayList<>();
    for (IterationResult it : v.measuredIterations()) {
      ResourceUsage u = it.measured().resources();
      if (u == null || u.nothingSampled()) {
        continue;
      }
      String run = "iteration " + it.number() + " measured";
      for (HostUsage h : u.hosts()) {
        String host = h.host() + " (" + String.join(", ", h.roles()) + "), " + run;
        charts.add(new LineChart("CPU of " + host, X, "CPUs busy", "CPU s/s").addSampled("user", 1, h.cpuUser())
            .addSampled("system", 1, h.cpuSystem()).addSampled("iowait", 1, h.cpuIowait())
            .reference(h.cpus(), h.cpus() + " CPUs"));
        charts.add(new LineChart("Memory of " + host, X, "GiB used", "GiB")
            .addSampled("used (total − available)", 1, scaled(h.memUsedBytes(), GIB))
            .reference(h.memTotalBytes() / GIB, "total memory"));
        charts.add(new LineChart("Disk of " + host, X, "MiB/s", "MiB/s")
            .addSampled("read", 1, scaled(h.diskReadBytes(), MIB))
            .addSampled("written", 1, scaled(h.diskWriteBytes(), MIB)));
        charts.add(new LineChart("Network of " + host + ", all but loopback", X, "MiB/s", "MiB/s")
            .addSampled("received", 1, scaled(h.netRxBytes(), MIB))
            .addSampled("sent", 1, scaled(h.netTxBytes(), MIB)));
      }
      LineChart cpu = new LineChart("CPU per process, " + run, X, "CPU s/s", "CPU s/s");
      LineChart rss = new LineChart("Resident memory per process, " + run, X, "MiB", "MiB");
      for (ProcessUsage p : u.processesOf("sut")) {
        cpu.addSampled("SUT " + p.name(), 1, p.cpuSeconds());
        rss.addSampled("SUT " + p.name(), 1, scaled(p.rssBytes(), MIB));
      }
      group(cpu, rss, u.processesOf("driver"), "instances");
      group(cpu, rss, u.processesOf("master"), "master");
      charts.add(cpu);
      charts.add(rss);
      LineChart net = new LineChart("Network per side (TCP sockets, loopback included), " + run, X, "MiB/s",
          "MiB/s");
      side(net, u.processesOf("sut"), "SUT");
      side(net, u.processesOf("driver"), "instances");
      if (!net.series().isEmpty()) {
        charts.add(net);
      }
    }
    return charts;
  }

  /** Processes of one role as one line each for CPU and RSS: their sum ("instances (4)"). */
  private static void group(LineChart cpu, LineChart rss, List<ProcessUsage> ps, String name) {
    if (ps.isEmpty()) {
      return;
    }
    String label = ps.size() == 1 ? name : name + " (" + ps.size() + ", together)";
    cpu.addSampled(label, 1, ResourceUsage.sum(ps.stream().map(ProcessUsage::cpuSeconds).toArray(double[][]::new)));
    rss.addSampled(label, 1, ResourceUsage.sum(ps.stream().map(p -> scaled(p.rssBytes(), MIB))
        .toArray(double[][]::new)));
  }

  /** One side's received and sent bytes a second, summed over its processes; nothing when one was not counted. */
  private static void side(LineChart net, List<ProcessUsage> ps, String name) {
    if (ps.isEmpty() || !ps.stream().allMatch(ProcessUsage::netMeasured)) {
      return;
    }
    net.addSampled(name + " received", 1, ResourceUsage.sum(ps.stream().map(p -> scaled(p.netRxBytes(), MIB))
        .toArray(double[][]::new)));
    net.addSampled(name + " sent", 1, ResourceUsage.sum(ps.stream().map(p -> scaled(p.netTxBytes(), MIB))
        .toArray(double[][]::new)));
  }

  private static double[] scaled(long[] values, double unit) {
    double[] d = new double[values.length];
    for (int i = 0; i < d.length; i++) {
      d[i] = values[i] / unit;
    }
    return d;
  }
}

package io.iotkit.study;

import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResourceUsage.HostUsage;
import io.iotkit.model.ResourceUsage.ProcessUsage;
import java.util.Arrays;
import java.util.List;

/**
 * What one point's performance run used, per side, as a study compares points: the server's side is the local
 * SUT's processes (with the processes they start), the client's the driver (its hosts' CPU, its instances' memory
 * and sockets). Each figure is null where the run did not measure it: an external SUT has no processes the kit
 * knows, instances on other hosts have no sockets counted.
 *
 * @param sutCpu mean CPU seconds per second of the SUT's processes together
 * @param sutMemoryPeakBytes their memory together at its peak second
 * @param sutDiskWriteBytesPerSecond mean bytes per second they wrote to disk
 * @param sutNetBytesPerSecond mean bytes per second their TCP sockets received and sent together, loopback included
 * @param sutFolderGrowthBytes what the run added to the local server's folder (data and logs) on the disk
 * @param driverCpu mean CPU seconds per second (user + system) of the driver hosts together
 * @param instancesCpu mean CPU seconds per second of the driver instances' JVMs together (on one host with the SUT,
 *     the client's own share of the host, which {@code driverCpu} is not)
 * @param driverMemoryPeakBytes the driver instances' memory together at its peak second
 * @param driverNetBytesPerSecond mean bytes per second the instances' TCP sockets received and sent together
 */
public record PointResources(Double sutCpu, Double sutMemoryPeakBytes, Double sutDiskWriteBytesPerSecond,
                             Double sutNetBytesPerSecond, Double sutFolderGrowthBytes, Double driverCpu,
                             Double instancesCpu, Double driverMemoryPeakBytes, Double driverNetBytesPerSecond) {
  static final PointResources NONE = new PointResources(null, null, null, null, null, null, null, null, null);

  /** The figures of one run's measured execution; {@link #NONE} for usage that was not sampled. */
  static PointResources of(ResourceUsage u) {
    if (u == null) {
      return NONE;
    }
    List<ProcessUsage> sut = u.processesOf("sut");
    List<ProcessUsage> drivers = u.processesOf("driver");
    Long growth = u.sutFolder() == null ? null : u.sutFolder().growthBytes();
    return new PointResources(cpu(sut), memoryPeak(sut), diskWrites(sut), net(sut),
        growth == null ? null : growth.doubleValue(), hostCpu(u, "driver"), cpu(drivers), memoryPeak(drivers),
        net(drivers));
  }

  /** Whether anything was sampled. */
  boolean sampled() {
    return sutCpu != null || driverCpu != null;
  }

  /** Mean CPU s/s of the processes together; null for none. */
  static Double cpu(List<ProcessUsage> ps) {
    return ps.isEmpty() ? null : ps.stream().mapToDouble(p -> mean(p.cpuSeconds())).sum();
  }

  /** Their resident memory together at its peak second; null for none. */
  static Double memoryPeak(List<ProcessUsage> ps) {
    if (ps.isEmpty()) {
      return null;
    }
    return ResourceUsage.Summary.of(ResourceUsage.sum(ps.stream().map(ProcessUsage::rssBytes)
        .toArray(long[][]::new))).peak();
  }

  private static Double diskWrites(List<ProcessUsage> ps) {
    if (ps.isEmpty() || !ps.stream().allMatch(ProcessUsage::diskMeasured)) {
      return null;
    }
    return ps.stream().mapToDouble(p -> ResourceUsage.Summary.of(p.diskWriteBytes()).mean()).sum();
  }

  /** Received and sent together; null unless every process's sockets were counted. */
  private static Double net(List<ProcessUsage> ps) {
    if (ps.isEmpty() || !ps.stream().allMatch(ProcessUsage::netMeasured)) {
      return null;
    }
    return ps.stream().mapToDouble(p -> ResourceUsage.Summary.of(p.netRxBytes()).mean()
        + ResourceUsage.Summary.of(p.netTxBytes()).mean()).sum();
  }

  /** Mean CPU s/s (user + system) of the hosts of a role together. */
  private static Double hostCpu(ResourceUsage u, String role) {
    List<HostUsage> hosts = u.hosts().stream().filter(h -> h.roles().contains(role)).toList();
    return hosts.isEmpty() ? null : hosts.stream().mapToDouble(h -> mean(h.cpuBusy())).sum();
  }

  private static double mean(double[] values) {
    return values.length == 0 ? 0 : Arrays.stream(values).average().orElse(0);
  }
}

package io.iotkit.model;

import java.util.List;

/**
 * What the machines and processes of one workload execution used, sampled once a second from TS_start: element
 * {@code i} of every series covers second {@code i} of the execution. Empty for an execution nothing sampled (a
 * result written before the kit sampled, or a host whose {@code /proc} could not be read).
 *
 * @param hosts one series per host the run used: the master's, every driver host's, and SUT nodes the sponsor
 *     listed
 * @param processes one series per process the kit knows: each driver instance's JVM and each node of a local SUT
 */
public record ResourceUsage(List<HostUsage> hosts, List<ProcessUsage> processes) {

  public static ResourceUsage none() {
    return new ResourceUsage(List.of(), List.of());
  }

  public boolean nothingSampled() {
    return hosts.isEmpty() && processes.isEmpty();
  }

  /**
   * One host second by second.
   *
   * @param host the host's name as the run knows it (the master's own is its hostname)
   * @param roles what the run used it for: any of "master", "driver", "sut"
   * @param cpus logical CPUs of the host
   * @param memTotalBytes the host's memory (MemTotal)
   * @param cpuUser CPU seconds per second spent in user mode, over all CPUs (0 to {@code cpus})
   * @param cpuSystem likewise in the kernel
   * @param cpuIowait likewise idle waiting for I/O
   * @param memUsedBytes MemTotal minus MemAvailable at each sample
   * @param diskReadBytes bytes read from the host's disks in each second (whole disks, not their partitions)
   * @param diskWriteBytes bytes written to them in each second
   * @param netRxBytes bytes received in each second over every interface but loopback
   * @param netTxBytes bytes sent likewise
   */
  public record HostUsage(String host, List<String> roles, int cpus, long memTotalBytes, double[] cpuUser,
                          double[] cpuSystem, double[] cpuIowait, long[] memUsedBytes, long[] diskReadBytes,
                          long[] diskWriteBytes, long[] netRxBytes, long[] netTxBytes) {
  }

  /**
   * One process second by second.
   *
   * @param host the host it runs on, as in {@link HostUsage#host()}
   * @param name what it is to the run, e.g. "instance 3", "master", or a SUT node's name such as "broker 2"
   * @param role "master", "driver" or "sut"
   * @param pid its process id on that host
   * @param cpuSeconds CPU seconds (user and system) it used in each second
   * @param rssBytes its resident memory at each sample
   * @param diskReadBytes bytes it made the disks read in each second (/proc/PID/io read_bytes)
   * @param diskWriteBytes bytes it wrote to them in each second (write_bytes)
   */
  public record ProcessUsage(String host, String name, String role, long pid, double[] cpuSeconds, long[] rssBytes,
                             long[] diskReadBytes, long[] diskWriteBytes) {
  }
}

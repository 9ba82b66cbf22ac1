package io.iotkit.model;

import java.util.List;

/**
 * What the machines and processes of one workload execution used, sampled once a second from TS_start: element
 * {@code i} of every series covers second {@code i} of the execution. Empty for an execution nothing sampled (a
 * host whose {@code /proc} could not be read).
 *
 * @param hosts one series per host the run used: the master's, every driver host's, and SUT nodes the sponsor
 *     listed
 * @param processes one series per process the kit knows: each driver instance's JVM and each node of a local SUT
 * @param sutFolder the local server's folder before and after the execution; null for a SUT the kit did not start
 */
public record ResourceUsage(List<HostUsage> hosts, List<ProcessUsage> processes, DataFolder sutFolder) {

  /** Usage without the local SUT's folder measured (an external SUT, or a part merged in later). */
  public ResourceUsage(List<HostUsage> hosts, List<ProcessUsage> processes) {
    this(hosts, processes, null);
  }

  /** The same usage with the local SUT's folder as measured around the execution. */
  public ResourceUsage withSutFolder(DataFolder folder) {
    return new ResourceUsage(hosts, processes, folder);
  }

  /**
   * The disk the local server's folder (its data and logs) took just before the execution's instances started and
   * just after the last one ended, as {@code du} counts it (allocated blocks); -1 where it could not be told.
   */
  public record DataFolder(long startBytes, long endBytes) {
    /** What the execution added to it; null where either end is unknown. */
    public Long growthBytes() {
      return startBytes < 0 || endBytes < 0 ? null : endBytes - startBytes;
    }
  }

  public static ResourceUsage none() {
    return new ResourceUsage(List.of(), List.of());
  }

  public boolean nothingSampled() {
    return hosts.isEmpty() && processes.isEmpty();
  }

  /**
   * Bytes the processes of one role received and sent over TCP in the execution, summed over them and their
   * seconds; null when there are none or one's sockets were not counted (a sum that leaves one out is no side's
   * total).
   */
  public Traffic traffic(String role) {
    List<ProcessUsage> ps = processesOf(role);
    if (ps.isEmpty() || !ps.stream().allMatch(ProcessUsage::netMeasured)) {
      return null;
    }
    long rx = 0, tx = 0;
    for (ProcessUsage p : ps) {
      rx += java.util.Arrays.stream(p.netRxBytes()).sum();
      tx += java.util.Arrays.stream(p.netTxBytes()).sum();
    }
    return new Traffic(ps.size(), rx, tx);
  }

  /** What the processes of one side received and sent over TCP, loopback included. */
  public record Traffic(int processes, long receivedBytes, long sentBytes) {
  }

  /** The processes of one role ("master", "driver", "sut"). */
  public List<ProcessUsage> processesOf(String role) {
    return processes.stream().filter(p -> p.role().equals(role)).toList();
  }

  /**
   * The mean and the highest element of one series (0 and 0 for an empty one). A method, not a property of the
   * JSON: a reader computes it from the series.
   */
  public record Summary(double mean, double peak) {
    public static Summary of(double[] series) {
      double sum = 0, peak = 0;
      for (double v : series) {
        sum += v;
        peak = Math.max(peak, v);
      }
      return new Summary(series.length == 0 ? 0 : sum / series.length, peak);
    }

    public static Summary of(long[] series) {
      double sum = 0, peak = 0;
      for (long v : series) {
        sum += v;
        peak = Math.max(peak, v);
      }
      return new Summary(series.length == 0 ? 0 : sum / series.length, peak);
    }
  }

  /** Element-wise sum of equally long series of counts (the shorter ones count as zeros past their end). */
  public static long[] sum(long[]... series) {
    int n = 0;
    for (long[] s : series) {
      n = Math.max(n, s.length);
    }
    long[] total = new long[n];
    for (long[] s : series) {
      for (int i = 0; i < s.length; i++) {
        total[i] += s[i];
      }
    }
    return total;
  }

  /** Element-wise sum of equally long series (the shorter ones count as zeros past their end). */
  public static double[] sum(double[]... series) {
    int n = 0;
    for (double[] s : series) {
      n = Math.max(n, s.length);
    }
    double[] total = new double[n];
    for (double[] s : series) {
      for (int i = 0; i < s.length; i++) {
        total[i] += s[i];
      }
    }
    return total;
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

    /** CPU seconds per second busy (user and system; iowait is idle time) in each second. */
    public double[] cpuBusy() {
      return sum(cpuUser, cpuSystem);
    }

    /** Seconds sampled. */
    public int seconds() {
      return cpuUser.length;
    }
  }

  /**
   * One process second by second.
   *
   * @param host the host it runs on, as in {@link HostUsage#host()}
   * @param name what it is to the run, e.g. "instance 3", "master", or a SUT node's name such as "broker 2"
   * @param role "master", "driver" or "sut"
   * @param pid its process id on that host
   * @param cpuSeconds CPU seconds (user and system) it used in each second: its own (a SUT node's with the processes
   *     under it and those it reaped)
   * @param rssBytes its resident memory at each sample
   * @param diskReadBytes bytes it made the disks read in each second (/proc/PID/io read_bytes); null when that
   *     file was not readable (a process of another user): not measured, which is not 0
   * @param diskWriteBytes bytes it wrote to them in each second (write_bytes); null likewise
   * @param netRxBytes bytes its TCP sockets (and those of the processes under it, for a SUT node) received in each
   *     second, loopback included; null when its sockets were not counted (a process on another host than the
   *     master's, or a host without {@code ss})
   * @param netTxBytes bytes they sent likewise
   */
  public record ProcessUsage(String host, String name, String role, long pid, double[] cpuSeconds, long[] rssBytes,
                             long[] diskReadBytes, long[] diskWriteBytes, long[] netRxBytes, long[] netTxBytes) {

    /** A process whose network was not measured. */
    public ProcessUsage(String host, String name, String role, long pid, double[] cpuSeconds, long[] rssBytes,
                        long[] diskReadBytes, long[] diskWriteBytes) {
      this(host, name, role, pid, cpuSeconds, rssBytes, diskReadBytes, diskWriteBytes, null, null);
    }

    /** Whether its sockets' bytes were counted. */
    public boolean netMeasured() {
      return netRxBytes != null && netTxBytes != null;
    }

    /** Whether its disk bytes were measured (its /proc/PID/io was readable). */
    public boolean diskMeasured() {
      return diskReadBytes != null && diskWriteBytes != null;
    }
  }
}

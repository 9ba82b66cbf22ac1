package io.iotkit.model;

/**
 * One second of what a driver instance's host and its JVM used, as the instance's second frame carries it: the
 * element of each series of {@link ResourceUsage.HostUsage} and {@link ResourceUsage.ProcessUsage} for that second.
 *
 * @param cpuUser host CPU seconds per second in user mode, over all CPUs
 * @param cpuSystem likewise in the kernel
 * @param cpuIowait likewise idle waiting for I/O
 * @param memUsedBytes the host's MemTotal minus MemAvailable
 * @param diskReadBytes bytes read from the host's disks in the second
 * @param diskWriteBytes bytes written to them
 * @param netRxBytes bytes received over every interface but loopback
 * @param netTxBytes bytes sent likewise
 * @param processCpuSeconds CPU seconds the instance's JVM used in the second
 * @param processRssBytes its resident memory
 * @param processDiskReadBytes bytes it made the disks read, or {@link #NOT_READABLE}
 * @param processDiskWriteBytes bytes it wrote, or {@link #NOT_READABLE}
 */
public record ResourceSecond(double cpuUser, double cpuSystem, double cpuIowait, long memUsedBytes,
                             long diskReadBytes, long diskWriteBytes, long netRxBytes, long netTxBytes,
                             double processCpuSeconds, long processRssBytes, long processDiskReadBytes,
                             long processDiskWriteBytes) {
  /** A process disk figure whose /proc/PID/io could not be read: not measured, which is not 0. */
  public static final long NOT_READABLE = -1;
  /** The element of a second whose reading was lost: the next second's element covers both. */
  public static final ResourceSecond LOST = new ResourceSecond(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** Its twelve figures, comma-separated, in the order of the components. */
  public String toText() {
    return cpuUser + "," + cpuSystem + "," + cpuIowait + "," + memUsedBytes + "," + diskReadBytes + ","
        + diskWriteBytes + "," + netRxBytes + "," + netTxBytes + "," + processCpuSeconds + "," + processRssBytes
        + "," + processDiskReadBytes + "," + processDiskWriteBytes;
  }

  /** Reads {@link #toText()}'s form. */
  public static ResourceSecond parse(String text) {
    String[] f = text.split(",");
    if (f.length != 12) {
      throw new IllegalArgumentException("not a second of resources: " + text);
    }
    return new ResourceSecond(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
        Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]),
        Double.parseDouble(f[8]), Long.parseLong(f[9]), Long.parseLong(f[10]), Long.parseLong(f[11]));
  }
}

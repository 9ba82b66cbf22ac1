package io.iotkit.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * Sizes rounds that run a fixed number of operations so that each lasts about as long as asked, from the rate
 * of the round before. Counting rather than timing keeps the clock out of the loop being measured.
 */
final class RoundSizer {
  private static final long FIRST_OPS = 10_000;

  /** Runs {@code ops} operations and returns how long they took, in seconds of wall time. */
  interface Counted {
    double seconds(long ops) throws Exception;
  }

  /** How long a side's operations took in wall time and in the JVM's CPU time, each over the same span. */
  record Span(double wallSeconds, double cpuSeconds) {
  }

  /**
   * Runs {@code ops} operations and returns their span; for a side with setup around its operations (a driver
   * instance opening its bindings), so that its CPU time, like its wall time, covers the operations only.
   */
  interface Spanned {
    Span run(long ops) throws Exception;
  }

  /** The JVM's CPU time so far, all threads: the start or end of a {@link Span}. */
  static long cpuNanos() {
    return OS.getProcessCpuTime();
  }

  private static final OperatingSystemMXBean OS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private double lastRate;

  /** The JVM's resident set (VmRSS of /proc/self/status), or 0 where it cannot be read. */
  static long residentBytes() {
    try {
      for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.substring(6).trim().split("\\s+")[0]) * 1024;
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      // not Linux: unknown
    }
    return 0;
  }

  /**
   * Runs one round and returns its rate. A round that lasted less than half the time asked for is run again,
   * longer: on a loaded machine a short round is mostly start-up and scheduling, and would size the next one
   * wrongly (a cold JVM's first round is such a round).
   */
  BenchPart.Round round(double seconds, Counted counted) throws Exception {
    return spanned(seconds, ops -> {
      long cpu = cpuNanos();
      double wall = counted.seconds(ops);
      return new Span(wall, (cpuNanos() - cpu) / 1e9);
    });
  }

  /** As {@link #round(double, Counted)}, for a side that measures its own span. */
  BenchPart.Round spanned(double seconds, Spanned side) throws Exception {
    long ops = lastRate > 0 ? Math.max(FIRST_OPS, (long) (lastRate * seconds)) : FIRST_OPS;
    while (true) {
      Span span = side.run(ops);
      double wall = span.wallSeconds();
      BenchPart.Round round = new BenchPart.Round(ops, wall, Math.max(1e-9, span.cpuSeconds()), residentBytes());
      lastRate = round.rate();
      if (wall >= seconds / 2) {
        return round;
      }
      ops = Math.max(ops * 2, (long) (lastRate * seconds));
    }
  }
}

package io.iotkit.bench;

import com.sun.management.OperatingSystemMXBean;
import io.iotkit.resources.JitCompilerCpu;
import io.iotkit.resources.ProcessTotals;
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

  /**
   * How long a side's operations took in wall time and in the JVM's CPU time, and what the local server used,
   * each over the same span.
   *
   * @param cpu the JVM's CPU time over the span
   * @param server the server's CPU time and disk bytes written, or null where the kit started no server
   */
  record Span(double wallSeconds, Cpu cpu, ProcessTotals.Reading server) {
  }

  /**
   * The JVM's CPU time, in nanoseconds, in two parts: its JIT compiler threads' ({@link JitCompilerCpu}), and every
   * other thread's, GC included. A side's CPU per reading is the second: compiling is a cost of the JVM's first
   * minutes that falls on whichever side's round is running, and it is reported apart.
   */
  record Cpu(long clientNanos, long jitNanos) {
    /** The JVM's CPU time so far: the start or end of a {@link Span}. */
    static Cpu now() {
      long jit = JitCompilerCpu.nanos();
      return new Cpu(OS.getProcessCpuTime() - jit, jit);
    }

    Cpu since(Cpu start) {
      return new Cpu(clientNanos - start.clientNanos, jitNanos - start.jitNanos);
    }
  }

  /**
   * Runs {@code ops} operations and returns their span; for a side with setup around its operations (a driver
   * instance opening its bindings), so that its CPU time, like its wall time, covers the operations only.
   */
  interface Spanned {
    Span run(long ops) throws Exception;
  }

  private static final OperatingSystemMXBean OS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final ProcessTotals server;
  private double lastRate;

  /** For a side that runs without a server. */
  RoundSizer() {
    this(null);
  }

  /** @param server the local server's processes, or null for none */
  RoundSizer(ProcessTotals server) {
    this.server = server;
  }

  /** The server's counters now, or null where there is no server to read. */
  ProcessTotals.Reading serverNow() {
    return server == null ? null : server.now();
  }

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
    return round(seconds, () -> { }, counted, () -> { });
  }

  /** Setup or teardown around a round's operations. */
  interface Step {
    void run() throws Exception;
  }

  /**
   * As {@link #round(double, Counted)}, with {@code before} run ahead of the span and {@code after} at its end,
   * within it: opening a client's connections stays out of the CPU time, closing them (and the server's work on
   * it) is in, as for a driver instance.
   */
  BenchPart.Round round(double seconds, Step before, Counted counted, Step after) throws Exception {
    return spanned(seconds, ops -> {
      before.run();
      ProcessTotals.Reading serverAtStart = serverNow();
      Cpu cpu = Cpu.now();
      double wall;
      try {
        wall = counted.seconds(ops);
      } finally {
        after.run();
      }
      return new Span(wall, Cpu.now().since(cpu), used(serverAtStart));
    });
  }

  /** What the server used since {@code start}, or null where there is no server. */
  ProcessTotals.Reading used(ProcessTotals.Reading start) {
    return start == null ? null : serverNow().since(start);
  }

  /** As {@link #round(double, Counted)}, for a side that measures its own span. */
  BenchPart.Round spanned(double seconds, Spanned side) throws Exception {
    long ops = lastRate > 0 ? Math.max(FIRST_OPS, (long) (lastRate * seconds)) : FIRST_OPS;
    long discarded = 0;
    while (true) {
      Span span = side.run(ops);
      double wall = span.wallSeconds();
      ProcessTotals.Reading used = span.server();
      BenchPart.Round round = new BenchPart.Round(ops, wall, Math.max(1e-9, span.cpu().clientNanos() / 1e9),
          span.cpu().jitNanos() / 1e9, residentBytes(), used == null ? Double.NaN : used.cpuSeconds(),
          used == null ? Double.NaN : used.writtenBytes(), discarded);
      lastRate = round.rate();
      if (wall >= seconds / 2) {
        return round;
      }
      discarded += ops;
      ops = Math.max(ops * 2, (long) (lastRate * seconds));
    }
  }
}

package io.iotkit.resources;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The CPU time and disk bytes written of some processes of this host, each with every process under it, summed:
 * a local server's nodes, PostgreSQL's backends among them. A reaped child counts in its parent (the kernel adds
 * its times to the parent's cutime and cstime and its I/O to the parent's counters), so a connection's backend that
 * ended between two readings is not lost.
 */
public final class ProcessTotals {
  private final Supplier<List<Long>> pids;
  private final HostCounters counters;

  ProcessTotals(Supplier<List<Long>> pids, HostCounters counters) {
    this.pids = pids;
    this.counters = counters;
  }

  /** The processes {@code pids} names when asked (a server's nodes now), read from this host's /proc. */
  public static ProcessTotals of(Supplier<List<Long>> pids) {
    return new ProcessTotals(pids, ProcReader.system());
  }

  /**
   * Counters at one instant, or between two.
   *
   * @param cpuSeconds user and system CPU seconds
   * @param writtenBytes bytes written to storage; NaN where a process's I/O counters could not be read
   */
  public record Reading(double cpuSeconds, double writtenBytes) {
    /** What was used from {@code start} to this reading. */
    public Reading since(Reading start) {
      return new Reading(cpuSeconds - start.cpuSeconds, writtenBytes - start.writtenBytes);
    }
  }

  /**
   * The totals now; NaN for both where this host has no /proc or a node is gone. A process that ends while the
   * tree is walked is missed by that walk (read neither alive nor yet in its parent's counters: a round's end,
   * when a client's connections close, is such a moment), and every counter only grows: so the totals are the
   * largest of {@value #WALKS} walks {@value #WALK_GAP_MILLIS} ms apart.
   */
  public Reading now() {
    Reading best = walk();
    for (int w = 1; w < WALKS; w++) {
      try {
        Thread.sleep(WALK_GAP_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      Reading next = walk();
      best = new Reading(Math.max(best.cpuSeconds(), next.cpuSeconds()),
          Math.max(best.writtenBytes(), next.writtenBytes()));
    }
    return best;
  }

  static final int WALKS = 3;
  static final int WALK_GAP_MILLIS = 20;

  /** One walk of the processes and everything under them. */
  private Reading walk() {
    if (!counters.available()) {
      return new Reading(Double.NaN, Double.NaN);
    }
    long ticks = 0;
    double written = 0;
    for (long pid : pids.get()) {
      Optional<ProcReader.Process> p = counters.process(pid, true);
      if (p.isEmpty()) {
        return new Reading(Double.NaN, Double.NaN);
      }
      ticks += p.get().ticks();
      written = p.get().io() == null ? Double.NaN : written + p.get().io().written();
    }
    return new Reading(ticks / (double) ProcText.USER_HZ, written);
  }
}

package io.iotkit.progress;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Gathers the instances' progress in one workload execution and makes {@link ProgressSnapshot}s of it.
 * Instances' reader threads call {@link #update}; the master's follow loop calls {@link #snapshot}.
 */
public final class PhaseProgress {
  /** The current rate is measured over this many seconds, so one slow second does not make it jump. */
  private static final double RATE_WINDOW_SECONDS = 5;

  private final String phase;
  /** The host name of instances on the master's own host. */
  public static final String LOCAL = "local";
  private final long[] targets;
  private final List<String> hosts;
  private final long[] acknowledged;
  private long startMicros;
  private final Histogram queries = new Histogram(3);
  private final Deque<long[]> recent = new ArrayDeque<>(); // {micros, done}

  /** @param targets each instance's share of the execution's kvps; every instance on the master's host */
  public PhaseProgress(String phase, long[] targets) {
    this(phase, targets, Collections.nCopies(targets.length, LOCAL));
  }

  /** @param hosts the name of each instance's host */
  public PhaseProgress(String phase, long[] targets, List<String> hosts) {
    this.phase = phase;
    this.targets = targets.clone();
    this.acknowledged = new long[targets.length];
    this.hosts = List.copyOf(hosts);
  }

  /** The start barrier released the instances at this instant (TS_start). */
  public synchronized void begin(long startMicros) {
    this.startMicros = startMicros;
  }

  /**
   * @param acknowledgedSoFar the instance's kvps acknowledged since the start
   * @param queries           latencies (µs) of its queries that finished since its last update
   */
  public synchronized void update(int instance, long acknowledgedSoFar, Histogram queries) {
    acknowledged[instance] = acknowledgedSoFar;
    this.queries.add(queries);
  }

  public synchronized ProgressSnapshot snapshot(long nowMicros) {
    long done = 0;
    long total = 0;
    int slowest = 0;
    double slowestFraction = Double.MAX_VALUE;
    for (int i = 0; i < targets.length; i++) {
      done += acknowledged[i];
      total += targets[i];
      double f = targets[i] == 0 ? 1 : (double) acknowledged[i] / targets[i];
      if (f < slowestFraction) {
        slowestFraction = f;
        slowest = i;
      }
    }
    double elapsed = Math.max(0, (nowMicros - startMicros) / 1e6);
    recent.addLast(new long[] {nowMicros, done});
    while (recent.size() > 2 && (nowMicros - recent.peekFirst()[0]) / 1e6 > RATE_WINDOW_SECONDS) {
      recent.removeFirst();
    }
    long[] first = recent.peekFirst();
    double window = (nowMicros - first[0]) / 1e6;
    double current = window > 0 ? (done - first[1]) / window : 0;
    double average = elapsed > 0 ? done / elapsed : 0;
    double eta = current > 0 ? (total - done) / current : -1;
    double p99 = queries.getTotalCount() == 0 ? -1 : queries.getValueAtPercentile(99) / 1e3;
    boolean allLocal = hosts.stream().allMatch(LOCAL::equals);
    return new ProgressSnapshot(phase, done, total, elapsed, current, average, eta, p99, slowest,
        Math.min(1, slowestFraction), allLocal ? null : hosts.get(slowest));
  }
}

package io.iotkit.metrics;

import io.iotkit.binding.Aggregate;
import io.iotkit.control.FrameSums;
import io.iotkit.control.SecondFrame;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceTotals;
import io.iotkit.model.LatencyHistogram;
import io.iotkit.model.QueryReads;
import io.iotkit.model.ResourceSecond;
import io.iotkit.model.ResourceUsage;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One driver instance's seconds of one phase, built frame by frame as they arrive: the one series from which its
 * per-second counts, its whole-run latency histograms (the queries' per template) and its resource usage are read. With the {@link
 * InstanceTotals} the instance sends at its end it makes the instance's {@link InstanceResult}, once the frames are
 * found to add up to those totals: a frame lost or counted twice on the way would otherwise skew the series and the
 * charts without a trace.
 */
public final class InstanceSeries {
  private final int instance;
  private final FrameSums sums = new FrameSums();
  private long[] acknowledged = new long[64];
  private long[] failed = new long[64];
  private ResourceSecond[] resources = new ResourceSecond[64];
  private int seconds;
  private long acknowledgedSoFar;
  private long failedSoFar;

  /** @param instance the instance's number, for what its errors say */
  public InstanceSeries(int instance) {
    this.instance = instance;
  }

  /** Adds the next second; a frame that is not the second due is an error of the channel, never skipped. */
  public synchronized void add(SecondFrame f) {
    if (f.second() != seconds) {
      throw new IllegalStateException("driver instance " + instance + " sent second " + f.second() + " where second "
          + seconds + " was due");
    }
    if (seconds == acknowledged.length) {
      acknowledged = Arrays.copyOf(acknowledged, seconds * 2);
      failed = Arrays.copyOf(failed, seconds * 2);
      resources = Arrays.copyOf(resources, seconds * 2);
    }
    acknowledged[seconds] = f.acknowledged();
    failed[seconds] = f.failed();
    resources[seconds] = f.resources();
    seconds++;
    acknowledgedSoFar += f.acknowledged();
    failedSoFar += f.failed();
    sums.add(f);
  }

  /** kvps acknowledged in the seconds so far. */
  public synchronized long acknowledged() {
    return acknowledgedSoFar;
  }

  /** Seconds so far. */
  public synchronized int seconds() {
    return seconds;
  }

  /**
   * The instance's result: its totals, checked against its seconds, with the per-second series, the whole-run
   * ingest, insert and per-template query latency and the resource usage that its seconds add up to.
   *
   * @throws IllegalStateException when the seconds and the totals disagree
   */
  public synchronized InstanceResult result(InstanceTotals t) {
    same("acknowledged kvps", acknowledgedSoFar, t.acknowledged());
    same("failed inserts", failedSoFar, t.failedInserts());
    same("timed queries", sums.timedQueries(), t.queries() - t.failedQueries());
    Map<Aggregate, LatencyHistogram> perTemplate = new EnumMap<>(Aggregate.class);
    for (Aggregate a : Aggregate.values()) {
      QueryReads reads = t.queryReads().getOrDefault(a, QueryReads.NONE);
      same("readings aggregated by " + a + " queries", sums.aggregated(a), reads.aggregated());
      perTemplate.put(a, new LatencyHistogram(sums.queries(a).copy()));
    }
    return new InstanceResult(t.instance(), t.substation(), t.kvpsTarget(), t.acknowledged(), t.failedInserts(),
        t.startMicros(), t.endMicros(), t.queries(), t.failedQueries(), t.readingsAggregated(), t.emptyWindows(),
        t.queryReads(), new LatencyHistogram(sums.inserts().copy()), new LatencyHistogram(sums.ingest().copy()),
        perTemplate, Arrays.copyOf(acknowledged, seconds), t.peakRssBytes(), usage(t.sampled(), t.instance()),
        t.clientCounters(), t.startLagMicros(), t.driverTime());
  }

  private void same(String what, long seconds, long total) {
    if (seconds != total) {
      throw new IllegalStateException("driver instance " + instance + ": its seconds add up to " + seconds + " "
          + what + ", its result says " + total);
    }
  }

  /** The seconds' resources as the series of the instance's host and JVM. */
  private ResourceUsage usage(InstanceTotals.Sampled where, int instance) {
    if (where == null || seconds == 0) {
      return ResourceUsage.none();
    }
    int n = seconds;
    double[] user = new double[n], system = new double[n], iowait = new double[n], cpu = new double[n];
    long[] mem = new long[n], diskRead = new long[n], diskWrite = new long[n], rx = new long[n], tx = new long[n];
    long[] rss = new long[n], read = new long[n], written = new long[n];
    boolean ioReadable = true;
    for (int i = 0; i < n; i++) {
      ResourceSecond r = resources[i];
      user[i] = r.cpuUser();
      system[i] = r.cpuSystem();
      iowait[i] = r.cpuIowait();
      mem[i] = r.memUsedBytes();
      diskRead[i] = r.diskReadBytes();
      diskWrite[i] = r.diskWriteBytes();
      rx[i] = r.netRxBytes();
      tx[i] = r.netTxBytes();
      cpu[i] = r.processCpuSeconds();
      rss[i] = r.processRssBytes();
      read[i] = r.processDiskReadBytes();
      written[i] = r.processDiskWriteBytes();
      ioReadable &= read[i] != ResourceSecond.NOT_READABLE;
    }
    return new ResourceUsage(
        List.of(new ResourceUsage.HostUsage(where.host(), List.of("driver"), where.cpus(), where.memTotalBytes(), user,
            system, iowait, mem, diskRead, diskWrite, rx, tx)),
        List.of(new ResourceUsage.ProcessUsage(where.host(), "instance " + instance, "driver", where.pid(), cpu, rss,
            ioReadable ? read : null, ioReadable ? written : null)));
  }
}

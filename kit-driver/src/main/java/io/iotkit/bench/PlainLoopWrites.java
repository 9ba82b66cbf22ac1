package io.iotkit.bench;

import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.model.Clock;
import io.iotkit.resources.ProcessTotals;

/**
 * The reference side of a store part: the store's plain client loop writing the kit's readings, and for the full
 * workload the dashboard's queries beside it ({@link LoopDashboard}).
 */
final class PlainLoopWrites {
  private final PlainClientLoop loop;
  private final String substation;
  private final PlainReading[] pool;
  private final int threads;
  private final LoopDashboard dashboard;
  private final RoundSizer sizer;

  /**
   * @param dashboard the queries to ask beside the writes, or null for inserts only
   * @param server the local server's processes, or null for none
   */
  PlainLoopWrites(PlainClientLoop loop, String substation, PlainReading[] pool, int threads, LoopDashboard dashboard,
                  ProcessTotals server) {
    this.sizer = new RoundSizer(server);
    this.loop = loop;
    this.substation = substation;
    this.pool = pool;
    this.threads = threads;
    this.dashboard = dashboard;
  }

  /**
   * One round, its span as the kit side's: the loop's connections opened before the server's and the JVM's CPU
   * are first read, and closed before they are read again (the instance closes its bindings within its span).
   */
  BenchPart.Round round(double seconds) throws Exception {
    return sizer.round(seconds, () -> loop.startRound(threads), readings -> seconds(readings, seconds),
        loop::endRound);
  }

  private double seconds(long readings, double expectedSeconds) throws Exception {
    long dataSince = Clock.micros();
    long start = System.nanoTime();
    LoopDashboard.Asking asking = dashboard == null ? null : dashboard.start(readings, expectedSeconds, dataSince);
    long acknowledged;
    try {
      acknowledged = loop.write(substation, pool, readings, threads);
    } finally {
      if (asking != null) {
        asking.finish();
      }
    }
    long nanos = System.nanoTime() - start;
    if (acknowledged != readings) {
      throw new IllegalStateException("the plain client loop acknowledged " + acknowledged + " of " + readings);
    }
    return Math.max(1, nanos) / 1e9;
  }
}

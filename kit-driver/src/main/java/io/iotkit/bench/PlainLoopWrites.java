package io.iotkit.bench;

import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.resources.ProcessTotals;

/** The reference side of a store part: the store's plain client loop writing the kit's readings. */
final class PlainLoopWrites {
  private final PlainClientLoop loop;
  private final String substation;
  private final PlainReading[] pool;
  private final int threads;
  private final RoundSizer sizer;

  /** @param server the local server's processes, or null for none */
  PlainLoopWrites(PlainClientLoop loop, String substation, PlainReading[] pool, int threads, ProcessTotals server) {
    this.sizer = new RoundSizer(server);
    this.loop = loop;
    this.substation = substation;
    this.pool = pool;
    this.threads = threads;
  }

  BenchPart.Round round(double seconds) throws Exception {
    return sizer.round(seconds, this::seconds);
  }

  private double seconds(long readings) throws Exception {
    long start = System.nanoTime();
    long acknowledged = loop.write(substation, pool, readings, threads);
    long nanos = System.nanoTime() - start;
    if (acknowledged != readings) {
      throw new IllegalStateException("the plain client loop acknowledged " + acknowledged + " of " + readings);
    }
    return Math.max(1, nanos) / 1e9;
  }
}

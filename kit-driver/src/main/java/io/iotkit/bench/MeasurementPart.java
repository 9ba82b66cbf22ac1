package io.iotkit.bench;

import io.iotkit.binding.BindingProvider;
import java.util.Properties;

/**
 * What measuring costs: the kit's driver instance into the sink with its insert histograms and per-second
 * sampling, against the same instance with both off. A ratio of 0.99 is a 1 % overhead.
 */
final class MeasurementPart implements BenchPart {
  /** Issue 12: measurement costs less than 1 % of the rate. */
  static final double TARGET = 0.99;

  private final int threads;
  private final KitIngest measured;
  private final KitIngest unmeasured;

  MeasurementPart(BindingProvider sink, Properties properties, int threads) {
    this.threads = threads;
    this.measured = new KitIngest(sink, properties, threads, true);
    this.unmeasured = new KitIngest(sink, properties, threads, false);
  }

  @Override
  public String name() {
    return "measurement on / off, " + Bench.threads(threads);
  }

  @Override
  public String unit() {
    return "kvps/s";
  }

  @Override
  public String kitLabel() {
    return "kit instance, insert histograms and per-second sampling on";
  }

  @Override
  public String referenceLabel() {
    return "kit instance, measurement off";
  }

  @Override
  public Double target() {
    return TARGET;
  }

  @Override
  public Round round(Side side, double seconds) throws Exception {
    return side == Side.KIT ? measured.round(seconds) : unmeasured.round(seconds);
  }
}

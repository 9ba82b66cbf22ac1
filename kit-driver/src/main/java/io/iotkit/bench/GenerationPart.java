package io.iotkit.bench;

import io.iotkit.binding.BindingProvider;
import java.util.Properties;

/**
 * Generation into the sink: the kit's driver instance against YCSB's CoreWorkload, both 1 KB readings into the
 * same sink binding with the same number of threads. The kit's side measures as a run does; YCSB's has no
 * measurement around its calls, so the comparison leans toward YCSB.
 */
final class GenerationPart implements BenchPart {
  /** Issue 12: the kit generates at least twice as fast per thread as YCSB's CoreWorkload. */
  static final double TARGET = 2.0;

  private final int threads;
  private final KitIngest kit;
  private final YcsbInserts ycsb;

  GenerationPart(BindingProvider sink, Properties properties, int threads) {
    this.threads = threads;
    this.kit = new KitIngest(sink, properties, threads, true);
    this.ycsb = new YcsbInserts(sink, properties, threads);
  }

  @Override
  public String name() {
    return "generation into the sink, " + Bench.threads(threads);
  }

  @Override
  public String unit() {
    return "kvps/s";
  }

  @Override
  public String kitLabel() {
    return "kit instance (KvpGenerator, IotWorkload), measured";
  }

  @Override
  public String referenceLabel() {
    return "YCSB CoreWorkload.doInsert, 10 x 100 B fields";
  }

  @Override
  public Double target() {
    return TARGET;
  }

  @Override
  public Round round(Side side, double seconds) throws Exception {
    return side == Side.KIT ? kit.round(seconds) : ycsb.round(seconds);
  }
}

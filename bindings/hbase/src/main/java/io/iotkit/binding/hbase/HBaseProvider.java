package io.iotkit.binding.hbase;

import io.iotkit.binding.StandardBindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import java.util.Optional;
import java.util.Properties;

/**
 * Registers binding "hbase"; with no hbase.zookeeper.quorum configured, the kit starts a local HBase: standalone for
 * one node, a cluster on HDFS for more.
 */
public final class HBaseProvider extends StandardBindingProvider {
  public HBaseProvider() {
    super("hbase", HBaseBinding::new, HBaseAdmin::open, HBaseSettings.QUORUM,
        (properties, setup) -> setup.replicated() ? new LocalHBaseCluster(setup) : new LocalHBase(setup));
  }

  @Override
  protected void readSettings(Properties properties) {
    HBaseSettings.from(properties);
  }

  /** HBase's BufferedMutator writing as the binding does (see {@link HBasePlainLoop}); it connects on first write. */
  @Override
  public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.of(new HBasePlainLoop(properties));
  }
}

package io.iotkit.binding.hbase;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.process.LocalServer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "hbase"; with no hbase.zookeeper.quorum configured, the kit starts an embedded HBase. */
public final class HBaseProvider implements BindingProvider {
  static final String QUORUM = "hbase.zookeeper.quorum";

  @Override
  public String name() {
    return "hbase";
  }

  @Override
  public KitBinding newBinding() {
    return new HBaseBinding();
  }

  @Override
  public Optional<LocalServer> localServer(Properties properties, Path kitHome) {
    String quorum = properties.getProperty(QUORUM, "");
    return quorum.isBlank() ? Optional.of(new EmbeddedHBase(kitHome)) : Optional.empty();
  }
}

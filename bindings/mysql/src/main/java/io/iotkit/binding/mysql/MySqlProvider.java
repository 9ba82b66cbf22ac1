package io.iotkit.binding.mysql;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.process.LocalServer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "mysql"; with no mysql.host configured, the kit starts a local MariaDB. */
public final class MySqlProvider implements BindingProvider {

  @Override
  public String name() {
    return "mysql";
  }

  @Override
  public KitBinding newBinding() {
    return new MySqlBinding();
  }

  @Override
  public Optional<LocalServer> localServer(Properties properties, Path kitHome) {
    String host = properties.getProperty(MySqlSettings.HOST, "");
    return host.isBlank() ? Optional.of(new LocalMariaDb(kitHome, properties)) : Optional.empty();
  }
}

package io.iotkit.binding.mysql;

import io.iotkit.binding.StandardBindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "mysql"; with no mysql.host configured, the kit starts a local MariaDB. */
public final class MySqlProvider extends StandardBindingProvider {
  public MySqlProvider() {
    super("mysql", MySqlBinding::new, MySqlAdmin::open, MySqlSettings.HOST,
        (properties, setup) -> new LocalMariaDb(setup, properties));
  }

  @Override
  protected void readSettings(Properties properties) {
    MySqlSettings.from(properties);
  }

  /** Connector/J with the binding's settings, table and batches ({@link MySqlPlainLoop}). */
  @Override
  public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.of(new MySqlPlainLoop(MySqlSettings.from(properties)));
  }
}

package io.iotkit.binding.mysql;

import io.iotkit.binding.StandardBindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.jdbc.JdbcAdmin;
import io.iotkit.binding.jdbc.JdbcPlainLoop;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "mysql"; with no mysql.host configured, the kit starts a local MariaDB. */
public final class MySqlProvider extends StandardBindingProvider {
  public MySqlProvider() {
    super("mysql", MySqlBinding::new, properties -> JdbcAdmin.open(MySqlDialect.INSTANCE, properties), MySqlSettings.HOST,
        (properties, setup) -> new LocalMariaDb(setup, properties));
  }

  @Override
  protected void readSettings(Properties properties) {
    MySqlSettings.from(properties);
  }

  /** Connector/J with the binding's settings, table and batches ({@link JdbcPlainLoop}). */
  @Override
  public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.of(new JdbcPlainLoop(MySqlDialect.INSTANCE, MySqlSettings.from(properties)));
  }
}

package io.iotkit.binding.mysql;

import io.iotkit.binding.StandardBindingProvider;
import java.util.Properties;

/** Registers binding "mysql"; with no mysql.host configured, the kit starts a local MariaDB. */
public final class MySqlProvider extends StandardBindingProvider {
  public MySqlProvider() {
    super("mysql", MySqlBinding::new, MySqlSettings.HOST,
        (properties, setup) -> new LocalMariaDb(setup, properties));
  }

  @Override
  protected void readSettings(Properties properties) {
    MySqlSettings.from(properties);
  }
}

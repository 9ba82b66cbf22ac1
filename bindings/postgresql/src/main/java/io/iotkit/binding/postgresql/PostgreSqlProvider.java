package io.iotkit.binding.postgresql;

import io.iotkit.binding.StandardBindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.jdbc.JdbcAdmin;
import io.iotkit.binding.jdbc.JdbcPlainLoop;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "postgresql"; with no postgresql.host configured, the kit starts a local PostgreSQL. */
public final class PostgreSqlProvider extends StandardBindingProvider {
  public PostgreSqlProvider() {
    super("postgresql", PostgreSqlBinding::new, properties -> JdbcAdmin.open(PgDialect.INSTANCE, properties),
        PgSettings.HOST, (properties, setup) -> new LocalPostgreSql(setup, properties));
  }

  @Override
  protected void readSettings(Properties properties) {
    PgSettings.from(properties);
  }

  /** pgJDBC with the binding's settings, table and batches ({@link JdbcPlainLoop}). */
  @Override
  public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.of(new JdbcPlainLoop(PgDialect.INSTANCE, PgSettings.from(properties)));
  }
}

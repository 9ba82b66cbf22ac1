package io.iotkit.binding.mongodb;

import io.iotkit.binding.StandardBindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import java.util.Optional;
import java.util.Properties;

/**
 * Registers binding "mongodb"; with no mongodb.hosts configured, the kit starts the local wire-protocol emulator
 * (mongo-java-server, not MongoDB).
 */
public final class MongoProvider extends StandardBindingProvider {
  public MongoProvider() {
    super("mongodb", MongoBinding::new, MongoAdmin::open, MongoSettings.HOSTS,
        (properties, setup) -> new LocalMongo(setup, properties));
  }

  @Override
  protected void readSettings(Properties properties) {
    MongoSettings.from(properties);
  }

  /** The driver's own insertMany loop ({@link MongoPlainLoop}). */
  @Override
  public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.of(new MongoPlainLoop(properties));
  }
}

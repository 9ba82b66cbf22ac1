package io.iotkit.binding.dynamodb;

import io.iotkit.binding.StandardBindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import java.util.Optional;
import java.util.Properties;

/**
 * Registers binding "dynamodb"; with no dynamodb.endpoint configured, the kit starts the local emulator
 * (dynalite, not DynamoDB).
 */
public final class DynamoProvider extends StandardBindingProvider {
  public DynamoProvider() {
    super("dynamodb", DynamoBinding::new, DynamoAdmin::open, DynamoSettings.ENDPOINT,
        (properties, setup) -> new LocalDynalite(setup, properties));
  }

  @Override
  protected void readSettings(Properties properties) {
    DynamoSettings.from(properties);
  }

  /** The SDK's own BatchWriteItem loop ({@link DynamoPlainLoop}). */
  @Override
  public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.of(new DynamoPlainLoop(properties));
  }
}

package io.iotkit.binding.kafka;

import io.iotkit.binding.StandardBindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "kafka"; with no kafka.bootstrap.servers configured, the kit starts a local Kafka. */
public final class KafkaProvider extends StandardBindingProvider {
  public KafkaProvider() {
    super("kafka", KafkaBinding::new, KafkaAdmin::open, KafkaSettings.BOOTSTRAP, (properties, setup) -> new LocalKafka(setup));
  }

  @Override
  protected void readSettings(Properties properties) {
    KafkaSettings.from(properties);
  }

  /** A partition keeps its records: a new consumer reads them from the beginning ({@link DeliveryReader}). */
  @Override
  public boolean keepsDeliveries() {
    return true;
  }

  /** The producer loop the kit's ingest is compared with ({@link KafkaPlainLoop}). */
  @Override
  public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.of(new KafkaPlainLoop(properties));
  }
}

package io.iotkit.binding.kafka;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.process.LocalServer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "kafka"; with no kafka.bootstrap.servers configured, the kit starts a local Kafka. */
public final class KafkaProvider implements BindingProvider {

  @Override
  public String name() {
    return "kafka";
  }

  @Override
  public KitBinding newBinding() {
    return new KafkaBinding();
  }

  @Override
  public Optional<LocalServer> localServer(Properties properties, Path kitHome) {
    String bootstrap = properties.getProperty(KafkaSettings.BOOTSTRAP, "");
    return bootstrap.isBlank() ? Optional.of(new LocalKafka(kitHome)) : Optional.empty();
  }
}

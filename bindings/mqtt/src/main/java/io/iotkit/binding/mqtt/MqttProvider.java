package io.iotkit.binding.mqtt;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.process.LocalServer;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "mqtt"; with no mqtt.host configured, the kit starts a local HiveMQ CE broker. */
public final class MqttProvider implements BindingProvider {

  @Override
  public String name() {
    return "mqtt";
  }

  @Override
  public KitBinding newBinding() {
    return new MqttBinding();
  }

  @Override
  public Optional<LocalServer> localServer(Properties properties, Path kitHome) {
    String host = properties.getProperty(MqttSettings.HOST, "");
    return host.isBlank() ? Optional.of(new LocalHiveMq(kitHome, properties)) : Optional.empty();
  }
}

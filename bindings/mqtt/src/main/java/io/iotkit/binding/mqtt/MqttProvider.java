package io.iotkit.binding.mqtt;

import io.iotkit.binding.StandardBindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import java.util.Optional;
import java.util.Properties;

/** Registers binding "mqtt"; with no mqtt.host configured, the kit starts a local HiveMQ CE broker. */
public final class MqttProvider extends StandardBindingProvider {
  public MqttProvider() {
    super("mqtt", MqttBinding::new, MqttAdmin::open, MqttSettings.HOST, (properties, setup) -> new LocalHiveMq(setup, properties));
  }

  @Override
  protected void readSettings(Properties properties) {
    MqttSettings.from(properties);
  }

  /** The HiveMQ client with the binding's connection, topics, payloads and QoS ({@link MqttPlainLoop}). */
  @Override
  public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
    return Optional.of(new MqttPlainLoop(MqttSettings.from(properties)));
  }
}

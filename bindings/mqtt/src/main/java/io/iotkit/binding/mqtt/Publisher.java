package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.Mqtt5Connect;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import site.ycsb.DBException;

/**
 * One MQTT 5 connection to the broker, as every binding object opens it, the master's and each instance thread's:
 * a fresh session each time (the kit sees publishes settled before it closes one, so nothing needs to survive it),
 * and what the broker answered it (its CONNACK, with the limits it advertises).
 *
 * @param settings the binding's properties, read and checked
 * @param client   the connected client
 * @param connAck  the broker's answer to the connection
 */
record Publisher(MqttSettings settings, Mqtt5AsyncClient client, Mqtt5ConnAck connAck) implements AutoCloseable {

  static Publisher connect(Properties properties) throws DBException {
    MqttSettings settings;
    try {
      settings = MqttSettings.from(properties);
    } catch (IllegalArgumentException e) {
      throw new DBException("mqtt: " + e.getMessage(), e);
    }
    if (settings.host.isEmpty()) {
      throw new DBException("mqtt: no broker address: set " + MqttSettings.HOST + " in the binding properties");
    }
    Mqtt5AsyncClient client = MqttClients.build(settings, "iotkit-pub-" + UUID.randomUUID(), false, null);
    Mqtt5ConnAck connAck = MqttClients.connect(settings, client,
        Mqtt5Connect.builder().cleanStart(true).sessionExpiryInterval(0).build());
    return new Publisher(settings, client, connAck);
  }

  @Override
  public void close() {
    try {
      client.disconnect().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      // the connection is dropped either way
    }
  }
}

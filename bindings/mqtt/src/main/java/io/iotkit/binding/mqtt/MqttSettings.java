package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.datatypes.MqttQos;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The binding properties of the mqtt binding, read and checked once. The password is kept here and handed only
 * to the MQTT client; {@link #toString()} and every message of this binding leave it out.
 */
final class MqttSettings {
  static final String HOST = "mqtt.host";
  static final String PORT = "mqtt.port";
  static final String QOS = "mqtt.qos";
  static final String TOPIC_PREFIX = "mqtt.topic.prefix";
  static final String CONNECT_TIMEOUT = "mqtt.connect.timeout.seconds";
  static final String ACK_TIMEOUT = "mqtt.ack.timeout.seconds";
  static final String USERNAME = "mqtt.username";
  static final String PASSWORD = "mqtt.password";
  static final String TLS = "mqtt.tls";
  static final String TRUSTSTORE = "mqtt.tls.truststore";
  static final String TRUSTSTORE_PASSWORD = "mqtt.tls.truststore.password";
  static final String TRUSTSTORE_TYPE = "mqtt.tls.truststore.type";
  static final String QUIET_MS = "mqtt.verify.quiet.ms";
  static final String MAX_WAIT = "mqtt.verify.max.wait.seconds";

  final String host;
  final int port;
  final MqttQos qos;
  final String topicPrefix;
  final int connectTimeoutSeconds;
  final int ackTimeoutSeconds;
  final String username;
  final String password;
  final boolean tls;
  final String truststore;
  final String truststorePassword;
  final String truststoreType;
  final long quietMillis;
  final int maxWaitSeconds;

  private MqttSettings(Properties p) {
    PropertyReader reader = new PropertyReader(p);
    host = reader.string(HOST, "");
    tls = reader.bool(TLS, false);
    port = reader.intIn(PORT, tls ? 8883 : 1883, 1, 65_535);
    qos = MqttQos.fromCode(reader.intIn(QOS, 1, 0, 2));
    topicPrefix = reader.string(TOPIC_PREFIX, "iot");
    if (topicPrefix.isEmpty() || topicPrefix.contains("+") || topicPrefix.contains("#")
        || topicPrefix.startsWith("/") || topicPrefix.endsWith("/")) {
      throw new BadPropertyException(TOPIC_PREFIX + " must be a topic without wildcards or leading/trailing"
          + " '/', not '" + topicPrefix + "'");
    }
    connectTimeoutSeconds = reader.intIn(CONNECT_TIMEOUT, 10, 1, 3_600);
    ackTimeoutSeconds = reader.intIn(ACK_TIMEOUT, 60, 1, 3_600);
    username = reader.optional(USERNAME).orElse(null);
    password = reader.optional(PASSWORD).orElse(null);
    truststore = reader.keyStore(TRUSTSTORE, TRUSTSTORE_TYPE, TRUSTSTORE_PASSWORD, "PKCS12").map(Path::toString)
        .orElse(null);
    truststorePassword = reader.optional(TRUSTSTORE_PASSWORD).orElse(null);
    truststoreType = reader.string(TRUSTSTORE_TYPE, "PKCS12");
    quietMillis = reader.intIn(QUIET_MS, 2_000, 100, 600_000);
    maxWaitSeconds = reader.intIn(MAX_WAIT, 300, 1, 86_400);
  }

  /**
   * @throws BadPropertyException naming the property and its bad value (never a password's value)
   */
  static MqttSettings from(Properties p) {
    return new MqttSettings(p);
  }

  /** The broker's address as users wrote it, for messages. */
  String address() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  @Override
  public String toString() {
    return "mqtt " + address() + " qos " + qos.getCode() + (tls ? " tls" : "")
        + (username != null ? " user " + username : "");
  }
}

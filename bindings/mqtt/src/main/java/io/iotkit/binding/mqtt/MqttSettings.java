package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.datatypes.MqttQos;
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
  static final String BATCH_SIZE = "mqtt.batch.size";
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
  final int batchSize;
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
    host = p.getProperty(HOST, "").trim();
    tls = bool(p, TLS);
    port = integer(p, PORT, tls ? 8883 : 1883, 1, 65_535);
    qos = MqttQos.fromCode(integer(p, QOS, 1, 0, 2));
    topicPrefix = p.getProperty(TOPIC_PREFIX, "iot").trim();
    if (topicPrefix.isEmpty() || topicPrefix.contains("+") || topicPrefix.contains("#")
        || topicPrefix.startsWith("/") || topicPrefix.endsWith("/")) {
      throw new IllegalArgumentException(TOPIC_PREFIX + " must be a topic without wildcards or leading/trailing"
          + " '/', not '" + topicPrefix + "'");
    }
    batchSize = integer(p, BATCH_SIZE, 100, 1, 65_535);
    connectTimeoutSeconds = integer(p, CONNECT_TIMEOUT, 10, 1, 3_600);
    ackTimeoutSeconds = integer(p, ACK_TIMEOUT, 60, 1, 3_600);
    username = blankToNull(p.getProperty(USERNAME));
    password = blankToNull(p.getProperty(PASSWORD));
    truststore = blankToNull(p.getProperty(TRUSTSTORE));
    truststorePassword = blankToNull(p.getProperty(TRUSTSTORE_PASSWORD));
    truststoreType = p.getProperty(TRUSTSTORE_TYPE, "PKCS12").trim();
    quietMillis = integer(p, QUIET_MS, 2_000, 100, 600_000);
    maxWaitSeconds = integer(p, MAX_WAIT, 300, 1, 86_400);
  }

  /**
   * @throws IllegalArgumentException naming the property and its bad value (never a password's value)
   */
  static MqttSettings from(Properties p) {
    return new MqttSettings(p);
  }

  /** The broker's address as users wrote it, for messages. */
  String address() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  private static int integer(Properties p, String name, int dflt, int min, int max) {
    String v = p.getProperty(name);
    if (v == null || v.isBlank()) {
      return dflt;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n < min || n > max) {
        throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ", not " + n);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a whole number, not '" + v.trim() + "'");
    }
  }

  private static boolean bool(Properties p, String name) {
    String v = p.getProperty(name, "false").trim();
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new IllegalArgumentException(name + " must be true or false, not '" + v + "'");
  }

  private static String blankToNull(String v) {
    return v == null || v.isBlank() ? null : v.trim();
  }

  @Override
  public String toString() {
    return "mqtt " + address() + " qos " + qos.getCode() + (tls ? " tls" : "")
        + (username != null ? " user " + username : "");
  }
}

package io.iotkit.binding.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hivemq.client.mqtt.exceptions.ConnectionFailedException;
import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5ConnAckException;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.Properties;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** Each cause of a failed connection gives one line naming the binding, the address and the cause. */
class ConnectErrorTest {
  private static final MqttSettings S = settings("mqtt.host", "broker.example", "mqtt.port", "1884",
      "mqtt.username", "kit", "mqtt.password", "hunter2");

  private static MqttSettings settings(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return MqttSettings.from(p);
  }

  private static String describe(Throwable t) {
    String line = ConnectError.describe(S, t);
    assertTrue(line.startsWith("mqtt: "), line);
    assertTrue(line.contains("broker.example:1884"), line);
    assertEquals(1, line.lines().count(), line);
    assertTrue(!line.contains("hunter2"), line);
    return line;
  }

  @Test
  void refused() {
    String line = describe(new ConnectionFailedException(new ConnectException("Connection refused: /10.0.0.1:1884")));
    assertTrue(line.startsWith("mqtt: cannot reach broker broker.example:1884 (connection refused)"), line);
  }

  @Test
  void unknownHost() {
    String line = describe(new ConnectionFailedException(new UnknownHostException("broker.example")));
    assertTrue(line.startsWith("mqtt: cannot reach broker broker.example:1884 (unknown host broker.example)"), line);
  }

  @Test
  void tlsHandshake() {
    String line = describe(new ConnectionFailedException(
        new SSLHandshakeException("PKIX path building failed:\n unable to find valid certification path")));
    assertTrue(line.startsWith("mqtt: TLS handshake with broker broker.example:1884 failed (PKIX path building"
        + " failed: unable to find valid certification path)"), line);
  }

  @Test
  void loginRefused() {
    assertEquals("mqtt: broker broker.example:1884 refused the login of user 'kit' (bad user name or password);"
        + " check mqtt.username / mqtt.password in the binding properties",
        describe(connAck(Mqtt5ConnAckReasonCode.BAD_USER_NAME_OR_PASSWORD)));
    assertTrue(describe(connAck(Mqtt5ConnAckReasonCode.NOT_AUTHORIZED)).contains("(not authorized)"));
    assertTrue(describe(connAck(Mqtt5ConnAckReasonCode.SERVER_UNAVAILABLE))
        .endsWith("refused the connection (server unavailable)"));
  }

  @Test
  void timeout() {
    assertTrue(ConnectError.timedOut(S).startsWith("mqtt: broker broker.example:1884 did not accept the connection"
        + " within 10 s"));
  }

  /** A CONNACK carrying only a reason code, as a broker refusing the connection sends it. */
  private static Mqtt5ConnAckException connAck(Mqtt5ConnAckReasonCode code) {
    Mqtt5ConnAck ack = (Mqtt5ConnAck) Proxy.newProxyInstance(Mqtt5ConnAck.class.getClassLoader(),
        new Class<?>[] {Mqtt5ConnAck.class}, (proxy, method, args) -> switch (method.getName()) {
          case "getReasonCode" -> code;
          case "toString" -> "CONNACK " + code;
          default -> throw new UnsupportedOperationException(method.getName());
        });
    return new Mqtt5ConnAckException(ack, "refused");
  }
}

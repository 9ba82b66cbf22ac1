package io.iotkit.binding.mqtt;

import static io.iotkit.binding.errors.ConnectFailures.find;
import static io.iotkit.binding.errors.ConnectFailures.oneLine;

import com.hivemq.client.mqtt.mqtt5.exceptions.Mqtt5ConnAckException;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import io.iotkit.binding.errors.ConnectFailures;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLException;

/**
 * Turns why a connection to the broker failed into one line for the user: the binding, the broker's address and
 * the cause (refused, unknown host, login refused, TLS handshake), with what to fix. Never names a password.
 */
final class ConnectError {
  private ConnectError() {
  }

  static String describe(MqttSettings s, Throwable failure) {
    String at = s.address();
    Mqtt5ConnAckException connAck = find(failure, Mqtt5ConnAckException.class);
    if (connAck != null) {
      return refusedConnAck(s, connAck.getMqttMessage().getReasonCode());
    }
    if (find(failure, UnknownHostException.class) != null) {
      return "mqtt: cannot reach broker " + at + " (" + ConnectFailures.unknownHost(s.host) + "); fix "
          + MqttSettings.HOST + " in the binding properties";
    }
    SSLException tls = find(failure, SSLException.class);
    if (tls != null) {
      return "mqtt: TLS handshake with broker " + at + " failed (" + oneLine(tls.getMessage()) + "); check that the"
          + " broker speaks TLS on this port and that " + MqttSettings.TRUSTSTORE + " trusts its certificate";
    }
    if (find(failure, NoRouteToHostException.class) != null) {
      return "mqtt: cannot reach broker " + at + " (" + ConnectFailures.NO_ROUTE + "); check " + MqttSettings.HOST
          + " and the network";
    }
    ConnectException refused = find(failure, ConnectException.class);
    if (refused != null) {
      String why = refused.getMessage() != null && refused.getMessage().contains("refused")
          ? ConnectFailures.REFUSED : oneLine(refused.getMessage());
      return "mqtt: cannot reach broker " + at + " (" + why + "); start the broker, or fix " + MqttSettings.HOST
          + " / " + MqttSettings.PORT + " in the binding properties (leave " + MqttSettings.HOST
          + " out to use the local HiveMQ)";
    }
    Throwable root = ConnectFailures.root(failure);
    String cause = root.getClass().getSimpleName()
        + (root.getMessage() != null ? ": " + oneLine(root.getMessage()) : "");
    if (s.tls) {
      // A plain MQTT port answers a TLS client hello by closing the connection, not with a TLS alert.
      return "mqtt: TLS connection to broker " + at + " failed (" + cause + "); check that the broker speaks TLS"
          + " on this port";
    }
    return "mqtt: cannot connect to broker " + at + " (" + cause + ")";
  }

  static String timedOut(MqttSettings s) {
    return "mqtt: broker " + s.address() + " did not accept the connection within " + s.connectTimeoutSeconds
        + " s (" + MqttSettings.CONNECT_TIMEOUT + "); is it an MQTT " + (s.tls ? "TLS " : "") + "port?";
  }

  private static String refusedConnAck(MqttSettings s, Mqtt5ConnAckReasonCode code) {
    String at = s.address();
    String who = s.username == null ? "an anonymous login" : "the login of user '" + s.username + "'";
    String fix = "; check " + MqttSettings.USERNAME + " / " + MqttSettings.PASSWORD + " in the binding properties";
    return switch (code) {
      case BAD_USER_NAME_OR_PASSWORD -> "mqtt: broker " + at + " refused " + who + " (bad user name or password)" + fix;
      case NOT_AUTHORIZED -> "mqtt: broker " + at + " refused " + who + " (not authorized)" + fix;
      case BAD_AUTHENTICATION_METHOD -> "mqtt: broker " + at + " refused " + who + " (bad authentication method)" + fix;
      default -> "mqtt: broker " + at + " refused the connection (" + code.name().toLowerCase().replace('_', ' ') + ")";
    };
  }
}

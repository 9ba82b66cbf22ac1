package io.iotkit.binding.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import javax.net.ssl.SSLHandshakeException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.junit.jupiter.api.Test;

class ConnectionErrorsTest {
  private final KafkaSettings sasl = settings("kafka.security.protocol", "SASL_SSL",
      KafkaSettings.SASL_USERNAME, "kit", KafkaSettings.SASL_PASSWORD, "hunter2");

  private static KafkaSettings settings(String... kv) {
    Properties p = new Properties();
    p.setProperty(KafkaSettings.BOOTSTRAP, "broker1:9093");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return KafkaSettings.from(p);
  }

  @Test
  void socketCauses() {
    assertEquals("connection refused", ConnectionErrors.socketCause(
        new ConnectException("Connection refused"), "h", 3_000));
    assertEquals("unknown host nohost", ConnectionErrors.socketCause(new UnknownHostException("nohost"), "nohost",
        3_000));
    assertEquals("no answer within 3 s", ConnectionErrors.socketCause(new SocketTimeoutException("x"), "h", 3_000));
  }

  @Test
  void unreachableNamesBindingAddressAndCause() {
    assertEquals("kafka: cannot reach bootstrap server 127.0.0.1:1 (connection refused); "
        + ConnectionErrors.FIX_ADDRESS, ConnectionErrors.unreachable("127.0.0.1:1", "connection refused", false));
  }

  @Test
  void authenticationFailure() {
    String line = ConnectionErrors.requestFailed(sasl, new ExecutionException(
        new SaslAuthenticationException("Authentication failed: Invalid username or password")), 15_000);
    assertEquals("kafka: authentication failed at bootstrap server broker1:9093 (SASL PLAIN: Authentication"
        + " failed: Invalid username or password); check kafka.sasl.username and kafka.sasl.password", line);
  }

  @Test
  void tlsFailureGivesTheRootCause() {
    SslAuthenticationException e = new SslAuthenticationException("SSL handshake failed");
    e.initCause(new SSLHandshakeException("PKIX path building failed: unable to find valid certification path"));
    String line = ConnectionErrors.requestFailed(sasl, new ExecutionException(e), 15_000);
    assertTrue(line.startsWith("kafka: TLS handshake with bootstrap server broker1:9093 failed (PKIX path"), line);
    assertTrue(line.contains("kafka.ssl.*"), line);
  }

  @Test
  void noAnswerAndNotAuthorised() {
    assertTrue(ConnectionErrors.requestFailed(sasl, new TimeoutException("Timed out"), 15_000)
        .startsWith("kafka: bootstrap server broker1:9093 accepts connections but no Kafka answered within 15 s"));
    assertTrue(ConnectionErrors.requestFailed(sasl, new KafkaException(new TopicAuthorizationException("no")), 1)
        .startsWith("kafka: not authorised at bootstrap server broker1:9093"));
  }

  @Test
  void secretsNeverReachTheLine() {
    String line = ConnectionErrors.requestFailed(sasl, new SaslAuthenticationException(
        "bad token near password=\"hunter2\""), 15_000);
    assertFalse(line.contains("hunter2"), line);
    assertEquals(1, line.lines().count());
  }
}

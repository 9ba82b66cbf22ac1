package io.iotkit.binding.kafka;

import io.iotkit.binding.errors.ConnectFailures;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * Turns what goes wrong when connecting into one line for the user: it names the binding, the address and the
 * cause, and says what to fix. Never a stack trace, never a secret (messages pass through
 * {@link KafkaSettings#scrub}).
 */
final class ConnectionErrors {
  static final String FIX_ADDRESS = "start Kafka, or fix " + KafkaSettings.BOOTSTRAP
      + " in the binding properties (leave it out to use the local Kafka)";
  private static final int MAX_CAUSE = 240;

  private ConnectionErrors() {
  }

  /** Why a TCP connection to an address failed, in a few words. */
  static String socketCause(Exception e, String host, int timeoutMs) {
    if (e instanceof UnknownHostException) {
      return ConnectFailures.unknownHost(host);
    }
    if (e instanceof SocketTimeoutException) {
      return ConnectFailures.noAnswerWithin(timeoutMs / 1_000 + " s");
    }
    if (e instanceof NoRouteToHostException) {
      return ConnectFailures.NO_ROUTE;
    }
    if (e instanceof ConnectException) {
      String m = e.getMessage() == null ? "" : e.getMessage();
      return m.toLowerCase().contains("refused") ? ConnectFailures.REFUSED : "cannot connect: " + m;
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  /** None of the bootstrap servers accepted a TCP connection. */
  static String unreachable(String bootstrap, String causes, boolean several) {
    return "kafka: cannot reach " + (several ? "any bootstrap server of " : "bootstrap server ") + bootstrap
        + " (" + causes + "); " + FIX_ADDRESS;
  }

  /** A broker the cluster advertises cannot be reached, though the bootstrap server could. */
  static String advertisedUnreachable(String bootstrap, String node, String cause) {
    return "kafka: bootstrap server " + bootstrap + " answered, but the broker it advertises at " + node
        + " cannot be reached (" + cause + "); fix the broker's advertised.listeners";
  }

  /**
   * The first request to the cluster failed after the TCP connection succeeded: authentication, TLS,
   * authorisation, or no Kafka answer at all.
   */
  static String requestFailed(KafkaSettings s, Throwable failure, long timeoutMs) {
    Throwable e = unwrap(failure);
    String at = " bootstrap server " + s.bootstrap();
    if (e instanceof SaslAuthenticationException) {
      return "kafka: authentication failed at" + at + " (SASL " + s.saslMechanism() + ": " + cause(s, e)
          + "); check " + KafkaSettings.SASL_USERNAME + " and " + KafkaSettings.SASL_PASSWORD;
    }
    if (e instanceof SslAuthenticationException) {
      return "kafka: TLS handshake with" + at + " failed (" + cause(s, deepest(e)) + "); check the kafka.ssl.*"
          + " truststore settings, and that this listener speaks " + s.securityProtocol();
    }
    if (e instanceof AuthenticationException) {
      return "kafka: authentication failed at" + at + " (" + cause(s, e) + "); check the kafka.sasl.* settings";
    }
    if (e instanceof AuthorizationException) {
      return "kafka: not authorised at" + at + " (" + cause(s, e) + "); the kit's user needs to describe the"
          + " cluster and to create, write, read and delete its topics";
    }
    if (e instanceof TimeoutException) {
      return "kafka: bootstrap server " + s.bootstrap() + " accepts connections but no Kafka answered within "
          + timeoutMs / 1_000 + " s (security protocol " + s.securityProtocol() + "); check that it is a Kafka"
          + " listener for " + KafkaSettings.SECURITY_PROTOCOL + " " + s.securityProtocol();
    }
    return "kafka: the cluster at" + at + " failed the first request (" + cause(s, e) + ")";
  }

  /** The exception behind future and client wrappers. */
  static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while ((t instanceof ExecutionException || t.getClass() == org.apache.kafka.common.KafkaException.class)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private static Throwable deepest(Throwable e) {
    Throwable t = ConnectFailures.root(e);
    return t.getMessage() == null ? e : t;
  }

  /** An exception's message as one short, scrubbed line. */
  static String cause(KafkaSettings s, Throwable e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    m = ConnectFailures.oneLine(s.scrub(m));
    return m.length() > MAX_CAUSE ? m.substring(0, MAX_CAUSE) + "..." : m;
  }
}

package io.iotkit.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Option;

/**
 * The options of {@code bin/tpcx-iot.sh server} that go to a binding's server launcher (port, TLS, SASL), and
 * the check that the binding's server takes them. Secrets never go on the command line: Kafka's listener
 * passwords come from the environment (KAFKA_LOCAL_SASL_PASSWORD, KAFKA_LOCAL_SSL_PASSWORD).
 */
final class ServerLaunchOptions {
  @Option(names = "--port", paramLabel = "N", description = "Port to listen on (mysql, mqtt, influxdb, postgresql, mongodb, dynamodb; default: a free one).")
  Integer port;

  @Option(names = "--tls-cert", paramLabel = "PEM", description = "Also offer TLS with this certificate (mysql).")
  Path tlsCert;

  @Option(names = "--tls-key", paramLabel = "PEM", description = "The private key of --tls-cert (mysql).")
  Path tlsKey;

  @Option(names = "--sasl-plain-user", paramLabel = "NAME", description = "Also serve SASL/PLAIN for this user,"
      + " password in KAFKA_LOCAL_SASL_PASSWORD (kafka).")
  String saslPlainUser;

  @Option(names = "--ssl-keystore", paramLabel = "P12", description = "Also serve TLS with this PKCS12 keystore,"
      + " password in KAFKA_LOCAL_SSL_PASSWORD (kafka).")
  Path sslKeystore;

  /** The options given, as launcher option to value, in a stable order. */
  Map<String, String> given() throws BadInputException {
    Map<String, String> given = new LinkedHashMap<>();
    if (port != null) {
      if (port < 1 || port > 65_535) {
        throw new BadInputException("--port must be in 1..65535, not " + port);
      }
      given.put("--port", Integer.toString(port));
    }
    file(given, "--tls-cert", tlsCert);
    file(given, "--tls-key", tlsKey);
    if (saslPlainUser != null) {
      given.put("--sasl-plain-user", saslPlainUser);
    }
    file(given, "--ssl-keystore", sslKeystore);
    return given;
  }

  private static void file(Map<String, String> given, String option, Path file) throws BadInputException {
    if (file != null) {
      if (!Files.isReadable(file)) {
        throw new BadInputException(option + " " + file + ": no such readable file");
      }
      given.put(option, file.toAbsolutePath().toString());
    }
  }

  /** The options given, after checking that a server taking {@code supported} accepts them all. */
  Map<String, String> forServer(String binding, Set<String> supported) throws BadInputException {
    Map<String, String> given = given();
    Set<String> unsupported = new TreeSet<>(given.keySet());
    unsupported.removeAll(supported);
    if (!unsupported.isEmpty()) {
      throw new BadInputException("the local server of binding '" + binding + "' takes no "
          + String.join(", ", unsupported) + (supported.isEmpty() ? " (it takes no server options)"
          : " (it takes " + String.join(", ", new TreeSet<>(supported)) + ")"));
    }
    if (supported.contains("--tls-cert") && (tlsCert == null) != (tlsKey == null)) {
      throw new BadInputException("--tls-cert and --tls-key go together");
    }
    return given;
  }
}

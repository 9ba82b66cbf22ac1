package io.iotkit.server.mysql;

import io.iotkit.process.LaunchLine;
import java.nio.file.Path;

/**
 * The launcher's command line: {@code DIR [--account FILE] [--nodes N] [--host ADDR] [--port N]
 * [--tls-cert PEM --tls-key PEM] [--detached]}.
 *
 * @param dir the server's folder (data, log); created if missing
 * @param account properties file naming the account to create in a new data folder, or null for the defaults
 * @param nodes mariadbd processes: a primary and {@code nodes - 1} replicas (1: one server, no binary log)
 * @param host the address every node listens on and the kit's clients use
 * @param port the primary's port, 0 for a free one (replicas always get free ones)
 * @param tlsCert the server's TLS certificate (PEM), or null for no TLS
 * @param tlsKey its private key (PEM), given with the certificate
 * @param detached run without a parent (bin/tpcx-iot.sh server start): do not stop when stdin closes; stop on
 *     SIGTERM
 */
record LaunchOptions(Path dir, Path account, int nodes, String host, int port, Path tlsCert, Path tlsKey,
                     boolean detached) {
  static final String USAGE = "usage: StandaloneMariaDb DIR [--account FILE] [--nodes N] [--host ADDR] [--port N]"
      + " [--tls-cert PEM --tls-key PEM] [--detached]";
  /** Server ids 1..N and one port each: a bound that keeps a typo from starting hundreds of servers. */
  static final int MAX_NODES = 9;

  static LaunchOptions parse(String... args) {
    LaunchLine line = LaunchLine.of(USAGE).valued("--account", "--nodes", "--port", "--tls-cert", "--tls-key")
        .parse(args);
    Path tlsCert = line.optionalPath("--tls-cert");
    Path tlsKey = line.optionalPath("--tls-key");
    if ((tlsCert == null) != (tlsKey == null)) {
      throw new IllegalArgumentException("--tls-cert and --tls-key go together; " + USAGE);
    }
    return new LaunchOptions(line.dir(), line.optionalPath("--account"),
        line.number("--nodes", 1, 1, MAX_NODES, "a node count"), line.host(), line.port(), tlsCert, tlsKey,
        line.detached());
  }
}

package io.iotkit.server.mysql;

import io.iotkit.process.LauncherArgs;
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
    Path dir = null;
    Path account = null;
    int nodes = 1;
    String host = "127.0.0.1";
    int port = 0;
    Path tlsCert = null;
    Path tlsKey = null;
    boolean detached = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--account" -> account = Path.of(LauncherArgs.value(args, ++i, USAGE));
        case "--nodes" -> nodes = LauncherArgs.number("--nodes", LauncherArgs.value(args, ++i, USAGE), 1, MAX_NODES,
            "a node count");
        case "--host" -> host = LauncherArgs.value(args, ++i, USAGE).trim();
        case "--port" -> port = LauncherArgs.port("--port", LauncherArgs.value(args, ++i, USAGE));
        case "--tls-cert" -> tlsCert = Path.of(LauncherArgs.value(args, ++i, USAGE)).toAbsolutePath();
        case "--tls-key" -> tlsKey = Path.of(LauncherArgs.value(args, ++i, USAGE)).toAbsolutePath();
        case "--detached" -> detached = true;
        default -> {
          if (args[i].startsWith("-") || dir != null) {
            throw new IllegalArgumentException("unexpected argument '" + args[i] + "'; " + USAGE);
          }
          dir = Path.of(args[i]);
        }
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException(USAGE);
    }
    if ((tlsCert == null) != (tlsKey == null)) {
      throw new IllegalArgumentException("--tls-cert and --tls-key go together; " + USAGE);
    }
    if (host.isEmpty()) {
      throw new IllegalArgumentException("--host needs an address; " + USAGE);
    }
    return new LaunchOptions(dir.toAbsolutePath(), account, nodes, host, port, tlsCert, tlsKey, detached);
  }
}

package io.iotkit.server.mysql;

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
        case "--account" -> account = Path.of(value(args, ++i));
        case "--nodes" -> nodes = number("--nodes", value(args, ++i), 1, MAX_NODES, "a node count");
        case "--host" -> host = value(args, ++i).trim();
        case "--port" -> port = number("--port", value(args, ++i), 1, 65_535, "a port number");
        case "--tls-cert" -> tlsCert = Path.of(value(args, ++i)).toAbsolutePath();
        case "--tls-key" -> tlsKey = Path.of(value(args, ++i)).toAbsolutePath();
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

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value; " + USAGE);
    }
    return args[i];
  }

  /** A whole number in [min, max], or one line naming the option and what it takes. */
  private static int number(String option, String s, int min, int max, String what) {
    try {
      int n = Integer.parseInt(s);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(option + " '" + s + "' is not " + what + " (" + min + "-" + max + ")");
  }
}

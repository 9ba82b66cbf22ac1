package io.iotkit.server.mysql;

import java.nio.file.Path;

/**
 * The launcher's command line: {@code DIR [--account FILE] [--port N] [--tls-cert PEM --tls-key PEM] [--detached]}.
 *
 * @param dir the server's folder (data, log); created if missing
 * @param account properties file naming the account to create in a new data folder, or null for the defaults
 * @param port port to listen on, 0 for a free one
 * @param tlsCert the server's TLS certificate (PEM), or null for no TLS
 * @param tlsKey its private key (PEM), given with the certificate
 * @param detached run without a parent (bin/tpcx-iot.sh server start): do not stop when stdin closes; stop on
 *     SIGTERM
 */
record LaunchOptions(Path dir, Path account, int port, Path tlsCert, Path tlsKey, boolean detached) {
  static final String USAGE = "usage: StandaloneMariaDb DIR [--account FILE] [--port N]"
      + " [--tls-cert PEM --tls-key PEM] [--detached]";

  static LaunchOptions parse(String... args) {
    Path dir = null;
    Path account = null;
    int port = 0;
    Path tlsCert = null;
    Path tlsKey = null;
    boolean detached = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--account" -> account = Path.of(value(args, ++i));
        case "--port" -> port = port(value(args, ++i));
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
    return new LaunchOptions(dir.toAbsolutePath(), account, port, tlsCert, tlsKey, detached);
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value; " + USAGE);
    }
    return args[i];
  }

  private static int port(String s) {
    try {
      int p = Integer.parseInt(s);
      if (p > 0 && p < 65536) {
        return p;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("--port '" + s + "' is not a port number (1-65535)");
  }
}

package io.iotkit.server.postgresql;

import java.nio.file.Path;

/**
 * The launcher's command line: {@code DIR --bin DIR --account FILE [--nodes N] [--host ADDR] [--port N]
 * [--detached]}.
 *
 * @param dir      the cluster's folder (one folder per node: data and log); created if missing
 * @param bin      the folder of PostgreSQL's programs (postgres, initdb, pg_basebackup, pg_isready)
 * @param account  properties file with the database, user and SCRAM verifier to create in a new data folder
 * @param nodes    1 for one postgres; N for a primary and N-1 synchronous streaming standbys
 * @param host     the address every node listens on and the kit's clients use
 * @param port     the primary's port, 0 for a free one (the standbys take free ones)
 * @param detached run without a parent (bin/tpcx-iot.sh server start): do not stop when stdin closes; stop on
 *                 SIGTERM
 */
record LaunchOptions(Path dir, Path bin, Path account, int nodes, String host, int port, boolean detached) {
  static final String USAGE = "usage: StandalonePostgreSql DIR --bin DIR --account FILE [--nodes N] [--host ADDR]"
      + " [--port N] [--detached]";

  static LaunchOptions parse(String... args) {
    Path dir = null;
    Path bin = null;
    Path account = null;
    int nodes = 1;
    String host = "127.0.0.1";
    int port = 0;
    boolean detached = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--bin" -> bin = Path.of(value(args, ++i));
        case "--account" -> account = Path.of(value(args, ++i));
        case "--nodes" -> nodes = number(args[i], value(args, ++i), 1, 9);
        case "--host" -> host = value(args, ++i).trim();
        case "--port" -> port = number(args[i], value(args, ++i), 1, 65_535);
        case "--detached" -> detached = true;
        default -> {
          if (args[i].startsWith("-") || dir != null) {
            throw new IllegalArgumentException("unexpected argument '" + args[i] + "'; " + USAGE);
          }
          dir = Path.of(args[i]);
        }
      }
    }
    if (dir == null || bin == null || account == null) {
      throw new IllegalArgumentException(USAGE);
    }
    if (host.isEmpty()) {
      throw new IllegalArgumentException("--host needs an address; " + USAGE);
    }
    return new LaunchOptions(dir.toAbsolutePath(), bin, account, nodes, host, port, detached);
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value; " + USAGE);
    }
    return args[i];
  }

  private static int number(String option, String s, int min, int max) {
    try {
      int n = Integer.parseInt(s);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(option + " '" + s + "' is not a number from " + min + " to " + max);
  }
}

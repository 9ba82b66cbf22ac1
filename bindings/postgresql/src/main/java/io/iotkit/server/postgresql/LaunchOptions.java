package io.iotkit.server.postgresql;

import io.iotkit.process.LauncherArgs;
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
        case "--bin" -> bin = Path.of(LauncherArgs.value(args, ++i, USAGE));
        case "--account" -> account = Path.of(LauncherArgs.value(args, ++i, USAGE));
        case "--nodes" -> nodes = LauncherArgs.number(args[i], LauncherArgs.value(args, ++i, USAGE), 1, 9,
            "a node count");
        case "--host" -> host = LauncherArgs.value(args, ++i, USAGE).trim();
        case "--port" -> port = LauncherArgs.port(args[i], LauncherArgs.value(args, ++i, USAGE));
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
}

package io.iotkit.server.postgresql;

import io.iotkit.process.LaunchLine;
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
    LaunchLine line = LaunchLine.of(USAGE).valued("--bin", "--account", "--nodes", "--port").parse(args);
    return new LaunchOptions(line.dir(), line.path("--bin"), line.path("--account"),
        line.number("--nodes", 1, 1, 9, "a node count"), line.host(), line.port(), line.detached());
  }
}

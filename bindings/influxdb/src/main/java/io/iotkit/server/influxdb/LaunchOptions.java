package io.iotkit.server.influxdb;

import io.iotkit.process.LaunchLine;
import java.nio.file.Path;

/**
 * The launcher's command line: {@code DIR --influxd PATH [--host ADDR] [--port N] [--account FILE]
 * [--detached]}.
 *
 * @param dir      the server's folder (configuration, meta, data, WAL, log); created if missing
 * @param influxd  the influxd executable the kit found on this machine
 * @param host     the address the HTTP API listens on and the kit's clients use
 * @param port     the HTTP API's port, 0 for a free one
 * @param account  properties file with the admin account to create and log in with (auth on), or null (auth off)
 * @param detached run without a parent (bin/tpcx-iot.sh server start): do not stop when stdin closes; stop on
 *                 SIGTERM
 */
record LaunchOptions(Path dir, Path influxd, String host, int port, Path account, boolean detached) {
  static final String USAGE = "usage: StandaloneInfluxDb DIR --influxd PATH [--host ADDR] [--port N]"
      + " [--account FILE] [--detached]";

  static LaunchOptions parse(String... args) {
    LaunchLine line = LaunchLine.of(USAGE).valued("--influxd", "--port", "--account").parse(args);
    return new LaunchOptions(line.dir(), line.path("--influxd"), line.host(), line.port(),
        line.optionalPath("--account"), line.detached());
  }
}

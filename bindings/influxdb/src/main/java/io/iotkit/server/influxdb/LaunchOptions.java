package io.iotkit.server.influxdb;

import io.iotkit.process.LauncherArgs;
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
    Path dir = null;
    Path influxd = null;
    String host = "127.0.0.1";
    int port = 0;
    Path account = null;
    boolean detached = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--influxd" -> influxd = Path.of(LauncherArgs.value(args, ++i, USAGE));
        case "--host" -> host = LauncherArgs.value(args, ++i, USAGE).trim();
        case "--port" -> port = LauncherArgs.port("--port", LauncherArgs.value(args, ++i, USAGE));
        case "--account" -> account = Path.of(LauncherArgs.value(args, ++i, USAGE));
        case "--detached" -> detached = true;
        default -> {
          if (args[i].startsWith("-") || dir != null) {
            throw new IllegalArgumentException("unexpected argument '" + args[i] + "'; " + USAGE);
          }
          dir = Path.of(args[i]);
        }
      }
    }
    if (dir == null || influxd == null) {
      throw new IllegalArgumentException(USAGE);
    }
    if (host.isEmpty()) {
      throw new IllegalArgumentException("--host needs an address; " + USAGE);
    }
    return new LaunchOptions(dir.toAbsolutePath(), influxd, host, port, account, detached);
  }
}

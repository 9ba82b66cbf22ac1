package io.iotkit.server.dynamodb;

import io.iotkit.process.LaunchLine;
import java.nio.file.Path;

/**
 * The launcher's command line: {@code DIR --install DIR [--host ADDR] [--port N] [--detached]}.
 *
 * @param dir      the server's folder (LevelDB data, log); created if missing
 * @param install  the npm prefix dynalite is installed under (installed there at first use)
 * @param host     the address dynalite listens on and the kit's clients use
 * @param port     its port, 0 for a free one
 * @param detached run without a parent (bin/tpcx-iot.sh server start): do not stop when stdin closes; stop on
 *                 SIGTERM
 */
record LaunchOptions(Path dir, Path install, String host, int port, boolean detached) {
  static final String USAGE = "usage: StandaloneDynalite DIR --install DIR [--host ADDR] [--port N] [--detached]";

  static LaunchOptions parse(String... args) {
    LaunchLine line = LaunchLine.of(USAGE).valued("--install", "--port").parse(args);
    return new LaunchOptions(line.dir(), line.path("--install"), line.host(), line.port(), line.detached());
  }
}

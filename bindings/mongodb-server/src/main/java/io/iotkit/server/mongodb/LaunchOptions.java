package io.iotkit.server.mongodb;

import io.iotkit.process.LaunchLine;
import java.nio.file.Path;

/**
 * The launcher's command line: {@code DIR [--host ADDR] [--port N] [--detached]}.
 *
 * @param dir      the server's folder (the emulator's H2 file under data/); created if missing
 * @param host     the address the emulator listens on and the kit's clients use
 * @param port     the port, 0 for a free one
 * @param detached run without a parent (bin/tpcx-iot.sh server start): do not stop when stdin closes; stop on
 *                 SIGTERM
 */
record LaunchOptions(Path dir, String host, int port, boolean detached) {
  static final String USAGE = "usage: StandaloneMongoDb DIR [--host ADDR] [--port N] [--detached]";

  static LaunchOptions parse(String... args) {
    LaunchLine line = LaunchLine.of(USAGE).valued("--port").parse(args);
    return new LaunchOptions(line.dir(), line.host(), line.port(), line.detached());
  }
}

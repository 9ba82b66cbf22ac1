package io.iotkit.server.mongodb;

import io.iotkit.process.LauncherArgs;
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
    Path dir = null;
    String host = "127.0.0.1";
    int port = 0;
    boolean detached = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--host" -> host = LauncherArgs.value(args, ++i, USAGE).trim();
        case "--port" -> port = LauncherArgs.port("--port", LauncherArgs.value(args, ++i, USAGE));
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
    if (host.isEmpty()) {
      throw new IllegalArgumentException("--host needs an address; " + USAGE);
    }
    return new LaunchOptions(dir.toAbsolutePath(), host, port, detached);
  }
}

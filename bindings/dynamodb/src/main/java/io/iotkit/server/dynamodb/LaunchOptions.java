package io.iotkit.server.dynamodb;

import io.iotkit.process.LauncherArgs;
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
    Path dir = null;
    Path install = null;
    String host = "127.0.0.1";
    int port = 0;
    boolean detached = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--install" -> install = Path.of(LauncherArgs.value(args, ++i, USAGE));
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
    if (dir == null || install == null) {
      throw new IllegalArgumentException(USAGE);
    }
    if (host.isEmpty()) {
      throw new IllegalArgumentException("--host needs an address; " + USAGE);
    }
    return new LaunchOptions(dir.toAbsolutePath(), install.toAbsolutePath(), host, port, detached);
  }
}

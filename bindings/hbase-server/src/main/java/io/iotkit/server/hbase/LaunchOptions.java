package io.iotkit.server.hbase;

import io.iotkit.process.LauncherArgs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command line of the HBase launchers: {@code DIR [--host ADDR] [--datanodes N] [--detached]}, the folder created
 * if missing. {@link StandaloneHBase} takes no datanode count.
 *
 * @param dir       the folder the server keeps its data and files in
 * @param host      the address every node listens on and names to clients
 * @param datanodes the cluster's datanodes (and region servers)
 */
record LaunchOptions(Path dir, String host, int datanodes) {
  static LaunchOptions parse(String[] args, boolean cluster) throws IOException {
    String usage = cluster ? "usage: HBaseCluster DIR --host ADDR --datanodes N [--detached]"
        : "usage: StandaloneHBase DIR [--host ADDR] [--detached]";
    Path dir = null;
    String host = "127.0.0.1";
    int datanodes = 3;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--host" -> host = LauncherArgs.value(args, ++i, usage);
        case "--datanodes" -> {
          if (!cluster) {
            throw new IllegalArgumentException("a standalone HBase has no datanodes; " + usage);
          }
          datanodes = LauncherArgs.number(args[i], LauncherArgs.value(args, ++i, usage), 1, 99, "a datanode count");
        }
        case "--detached" -> { }
        default -> {
          if (args[i].startsWith("-") || dir != null) {
            throw new IllegalArgumentException("unexpected argument '" + args[i] + "'; " + usage);
          }
          dir = Path.of(args[i]).toAbsolutePath();
        }
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException(usage);
    }
    return new LaunchOptions(Files.createDirectories(dir), host, datanodes);
  }
}

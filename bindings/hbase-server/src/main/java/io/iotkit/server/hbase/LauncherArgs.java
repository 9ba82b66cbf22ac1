package io.iotkit.server.hbase;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The command line of an HBase launcher: {@code DIR [--name value]... [--detached]}, the options out of a fixed set.
 * A bad command line ends the launcher with a usage line and exit 2.
 *
 * @param dir      the folder the server keeps its data and files in
 * @param options  option name (with its dashes) to value
 * @param detached whether the launcher runs without a parent (ignore stdin, stop on SIGTERM)
 */
record LauncherArgs(Path dir, Map<String, String> options, boolean detached) {
  static final String HOST = "--host";
  static final String DATANODES = "--datanodes";

  static LauncherArgs parse(String[] args, Set<String> allowed, String usage) {
    if (args.length == 0 || args[0].startsWith("--")) {
      return usage(usage);
    }
    Map<String, String> options = new HashMap<>();
    boolean detached = false;
    for (int i = 1; i < args.length; i++) {
      if (args[i].equals("--detached")) {
        detached = true;
      } else if (allowed.contains(args[i]) && i + 1 < args.length) {
        options.put(args[i], args[++i]);
      } else {
        return usage(usage);
      }
    }
    return new LauncherArgs(Path.of(args[0]).toAbsolutePath(), Map.copyOf(options), detached);
  }

  String option(String name, String fallback) {
    return options.getOrDefault(name, fallback);
  }

  private static LauncherArgs usage(String usage) {
    System.err.println("usage: " + usage);
    System.exit(2);
    return null;
  }
}

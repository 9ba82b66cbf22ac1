package io.iotkit.server.kafka;

/** Reading the values of the launchers' command-line options, with one-line errors. */
final class LaunchArgs {
  private LaunchArgs() {
  }

  /** The value after the option at {@code i - 1}. */
  static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }

  /** The value after the option at {@code i - 1}, a number of at least 1. */
  static int positive(String[] args, int i) {
    String v = value(args, i);
    try {
      int n = Integer.parseInt(v);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(args[i - 1] + " needs a positive number, not " + v);
  }
}

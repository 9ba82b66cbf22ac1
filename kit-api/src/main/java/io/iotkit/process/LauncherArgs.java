package io.iotkit.process;

/**
 * Reading a local server launcher's command line, the same way for every launcher: an option without its value
 * or a number out of range is one line naming the option, what it takes, and the launcher's usage.
 */
public final class LauncherArgs {
  private LauncherArgs() {
  }

  /** The value after the option at {@code args[i - 1]}. */
  public static String value(String[] args, int i, String usage) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value; " + usage);
    }
    return args[i];
  }

  /** A whole number in [min, max], e.g. {@code number("--nodes", s, 1, 9, "a node count")}. */
  public static int number(String option, String s, int min, int max, String what) {
    try {
      int n = Integer.parseInt(s);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(option + " '" + s + "' is not " + what + " (" + min + "-" + max + ")");
  }

  /** A TCP port, 1-65535. */
  public static int port(String option, String s) {
    return number(option, s, 1, 65_535, "a port number");
  }
}

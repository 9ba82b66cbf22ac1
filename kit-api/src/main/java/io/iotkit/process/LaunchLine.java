package io.iotkit.process;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A local server launcher's command line, read the same way for every launcher: one folder (the server's), {@code
 * --host ADDR} (default {@value #DEFAULT_HOST}), {@code --detached}, and the launcher's own options. Bad input is
 * one line naming what is wrong, followed by the launcher's usage.
 */
public final class LaunchLine {
  public static final String DEFAULT_HOST = "127.0.0.1";
  private static final String HOST = "--host";
  private static final String DETACHED = "--detached";

  private final String usage;
  private final Path dir;
  private final Map<String, String> values;
  private final Set<String> flags;

  private LaunchLine(String usage, Path dir, Map<String, String> values, Set<String> flags) {
    this.usage = usage;
    this.dir = dir;
    this.values = values;
    this.flags = flags;
  }

  /** The options one launcher takes besides the shared ones, and its usage line. */
  public static final class Grammar {
    private final String usage;
    private final Set<String> valued = new HashSet<>(Set.of(HOST));
    private final Set<String> flags = new HashSet<>(Set.of(DETACHED));

    private Grammar(String usage) {
      this.usage = usage;
    }

    /** Options that take a value, e.g. "--port", "--nodes". */
    public Grammar valued(String... options) {
      valued.addAll(List.of(options));
      return this;
    }

    /** Options that stand alone, e.g. "--quick-jit". */
    public Grammar flags(String... options) {
      flags.addAll(List.of(options));
      return this;
    }

    /**
     * Reads {@code args}.
     *
     * @throws IllegalArgumentException for no folder or two, an unknown option, or an option without its value
     */
    public LaunchLine parse(String... args) {
      Path dir = null;
      Map<String, String> values = new HashMap<>();
      Set<String> given = new HashSet<>();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if (valued.contains(a)) {
          if (i + 1 >= args.length) {
            throw new IllegalArgumentException(a + " needs a value; " + usage);
          }
          values.put(a, args[++i]);
        } else if (flags.contains(a)) {
          given.add(a);
        } else if (a.startsWith("-") || dir != null) {
          throw new IllegalArgumentException("unexpected argument '" + a + "'; " + usage);
        } else {
          dir = Path.of(a).toAbsolutePath();
        }
      }
      if (dir == null) {
        throw new IllegalArgumentException("no folder given; " + usage);
      }
      if (values.containsKey(HOST) && values.get(HOST).isBlank()) {
        throw new IllegalArgumentException("--host needs an address; " + usage);
      }
      return new LaunchLine(usage, dir, values, given);
    }
  }

  /** A launcher's grammar: its usage line, to which its own options are added. */
  public static Grammar of(String usage) {
    return new Grammar(usage);
  }

  /** The server's folder, absolute. */
  public Path dir() {
    return dir;
  }

  /** The address to listen on and for the kit's clients to use. */
  public String host() {
    return values.getOrDefault(HOST, DEFAULT_HOST).trim();
  }

  /** Run without a parent (bin/tpcx-iot.sh server start): do not stop when stdin closes; stop on SIGTERM. */
  public boolean detached() {
    return flags.contains(DETACHED);
  }

  /** Whether a flag was given. */
  public boolean flag(String option) {
    return flags.contains(option);
  }

  /** An option's value, or empty when not given. */
  public Optional<String> value(String option) {
    return Optional.ofNullable(values.get(option));
  }

  /** An option's value as an absolute path, or null when not given. */
  public Path optionalPath(String option) {
    return value(option).map(v -> Path.of(v).toAbsolutePath()).orElse(null);
  }

  /** An option's value as an absolute path; the option must be given. */
  public Path path(String option) {
    return value(option).map(v -> Path.of(v).toAbsolutePath())
        .orElseThrow(() -> new IllegalArgumentException(option + " is required; " + usage));
  }

  /** A whole number in [min, max], or {@code dflt} when not given, e.g. {@code number("--nodes", 1, 1, 9, "a node count")}. */
  public int number(String option, int dflt, int min, int max, String what) {
    return (int) longNumber(option, dflt, min, max, what);
  }

  /** A whole number in [min, max] that may exceed an int, or {@code dflt} when not given. */
  public long longNumber(String option, long dflt, long min, long max, String what) {
    Optional<String> v = value(option);
    if (v.isEmpty()) {
      return dflt;
    }
    try {
      long n = Long.parseLong(v.get().trim());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(option + " '" + v.get() + "' is not " + what + " (" + min + "-" + max + ")");
  }

  /** {@code --port}: a TCP port, or 0 (a free one) when not given. */
  public int port() {
    return number("--port", 0, 1, 65_535, "a port number");
  }

  /** The usage line, for the launcher's own checks of how options go together. */
  public String usage() {
    return usage;
  }
}

package io.iotkit.environment;

import io.iotkit.binding.SecretNames;
import java.util.List;

/** Keeps credentials out of the JVM arguments the kit records (the same rule as {@link SecretNames}). */
public final class Secrets {
  private Secrets() {
  }

  /**
   * A JVM argument with its value removed when it sets a secret, e.g. {@code -Dmy.password=x} becomes
   * {@code -Dmy.password=(redacted)}. Other arguments are returned as they are.
   */
  public static String redactJvmArgument(String arg) {
    if (arg == null) {
      return null;
    }
    int eq = arg.indexOf('=');
    if (eq < 0) {
      return arg;
    }
    return SecretNames.isSecret(arg.substring(0, eq)) ? arg.substring(0, eq + 1) + SecretNames.REDACTED : arg;
  }

  /** {@link #redactJvmArgument} applied to every argument; null stays null. */
  public static List<String> redactJvmArguments(List<String> args) {
    return args == null ? null : args.stream().map(Secrets::redactJvmArgument).toList();
  }
}

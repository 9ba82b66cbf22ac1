package io.iotkit.environment;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Tells which settings hold credentials, so that no report, result or log shows their values. A setting is secret
 * when its name contains password, secret, token, key, jaas or credential (in any case): the same words the
 * bindings treat as secret.
 */
public final class Secrets {
  /** What stands in place of a secret value. */
  public static final String REDACTED = "(redacted)";

  private static final Pattern SECRET_NAME = Pattern.compile("password|passwd|secret|token|key|jaas|credential");

  private Secrets() {
  }

  /** Whether a setting of this name may hold a credential. */
  public static boolean isSecretName(String name) {
    return name != null && SECRET_NAME.matcher(name.toLowerCase(Locale.ROOT)).find();
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
    return isSecretName(arg.substring(0, eq)) ? arg.substring(0, eq + 1) + REDACTED : arg;
  }

  /** {@link #redactJvmArgument} applied to every argument; null stays null. */
  public static List<String> redactJvmArguments(List<String> args) {
    return args == null ? null : args.stream().map(Secrets::redactJvmArgument).toList();
  }
}

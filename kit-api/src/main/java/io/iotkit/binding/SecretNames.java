package io.iotkit.binding;

import java.util.List;
import java.util.Locale;

/**
 * Which setting names may hold a credential or say where one is (passwords, JAAS configurations, tokens, key
 * files): their values are never logged, reported or kept in a run's results. One rule for the whole kit.
 */
public final class SecretNames {
  /** What stands in place of a secret value wherever the kit shows a setting. */
  public static final String REDACTED = "(redacted)";
  private static final List<String> WORDS = List.of("password", "passwd", "secret", "token", "jaas", "credential",
      "keytab", "private");

  private SecretNames() {
  }

  public static boolean isSecret(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.endsWith(".key") || WORDS.stream().anyMatch(n::contains);
  }
}

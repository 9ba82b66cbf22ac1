package io.iotkit.binding.settings;

import java.util.Optional;
import java.util.Properties;

/**
 * Reads a binding's properties with the kit's checks: values are trimmed, a blank value counts as not set, and a
 * value that does not fit is a {@link BadPropertyException} naming the property and the value.
 */
public final class PropertyReader {
  private final Properties properties;

  public PropertyReader(Properties properties) {
    this.properties = properties;
  }

  /** The trimmed value, or empty when the property is missing or blank. */
  public Optional<String> optional(String key) {
    String v = properties.getProperty(key);
    return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
  }

  /** The trimmed value, or {@code dflt} when the property is missing or blank. */
  public String string(String key, String dflt) {
    return optional(key).orElse(dflt);
  }

  /** The trimmed value; missing or blank is bad. */
  public String required(String key) {
    return optional(key).orElseThrow(() -> new BadPropertyException(key + " is not set"));
  }

  /** A whole number from {@code min} to {@code max}, or {@code dflt} when not set. */
  public int intIn(String key, int dflt, int min, int max) {
    return optionalIntIn(key, min, max).orElse(dflt);
  }

  /** A whole number from {@code min} to {@code max}, or empty when not set. */
  public Optional<Integer> optionalIntIn(String key, int min, int max) {
    return optional(key).map(v -> (int) parse(key, v, min, max));
  }

  /** A whole number from {@code min} to {@code max}, or {@code dflt} when not set. */
  public long longIn(String key, long dflt, long min, long max) {
    return optional(key).map(v -> parse(key, v, min, max)).orElse(dflt);
  }

  /** {@code true} or {@code false} in any case, or {@code dflt} when not set. */
  public boolean bool(String key, boolean dflt) {
    Optional<String> v = optional(key);
    if (v.isEmpty()) {
      return dflt;
    }
    if (v.get().equalsIgnoreCase("true") || v.get().equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v.get());
    }
    throw new BadPropertyException(key + " must be true or false, not '" + v.get() + "'");
  }

  private static long parse(String key, String v, long min, long max) {
    try {
      long n = Long.parseLong(v);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below, with the range
    }
    boolean unbounded = max == Integer.MAX_VALUE || max == Long.MAX_VALUE;
    throw new BadPropertyException(key + " '" + v + "' is not a whole number "
        + (unbounded ? "of at least " + min : "from " + min + " to " + max));
  }
}

package io.iotkit.binding.settings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.UnrecoverableKeyException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

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
    return optionalLongIn(key, min, max).orElse(dflt);
  }

  /** A whole number from {@code min} to {@code max}, or empty when not set. */
  public Optional<Long> optionalLongIn(String key, long min, long max) {
    return optional(key).map(v -> parse(key, v, min, max));
  }

  /**
   * A batch linger, how long a partial batch's oldest reading may wait before it is sent: 0 (never held) to one
   * minute in milliseconds, or {@code dfltMillis} when not set.
   */
  public Duration batchLinger(String key, int dfltMillis) {
    return Duration.ofMillis(intIn(key, dfltMillis, 0, 60_000));
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

  /** One of {@code allowed}, compared without case and returned as spelt there, or {@code dflt} when not set. */
  public String oneOf(String key, String dflt, Set<String> allowed) {
    String v = string(key, dflt);
    return allowed.stream().filter(a -> a.equalsIgnoreCase(v)).findFirst().orElseThrow(() ->
        new BadPropertyException(key + " '" + v + "' is not one of " + String.join(", ",
            allowed.stream().sorted().toList())));
  }

  /** A comma-separated list of host[:port] ({@code defaultPort} where an entry has none; 0: each must have one). */
  public List<HostPort> hostPorts(String key, String dflt, int defaultPort) {
    return HostPort.list(key, string(key, dflt), defaultPort);
  }

  /** A file that exists and can be read, or empty when not set. */
  public Optional<Path> readableFile(String key) {
    return optional(key).map(v -> {
      Path file = Path.of(v);
      if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
        throw new BadPropertyException(key + " '" + v + "' is not a readable file");
      }
      return file;
    });
  }

  /**
   * A key or trust store: the file of {@code fileKey}, which must open as the type of {@code typeKey} (default
   * {@code dflt}) with the password of {@code passwordKey}; empty when {@code fileKey} is not set. A PEM file is
   * only checked to be readable (it is not a {@link KeyStore}). A message names the keys, never the password.
   */
  public Optional<Path> keyStore(String fileKey, String typeKey, String passwordKey, String dflt) {
    Optional<Path> file = readableFile(fileKey);
    String type = string(typeKey, dflt);
    if (file.isEmpty() || type.equalsIgnoreCase("PEM")) {
      return file;
    }
    KeyStore store;
    try {
      store = KeyStore.getInstance(type);
    } catch (KeyStoreException e) {
      throw new BadPropertyException(typeKey + " '" + type + "' is not a key store type (PKCS12, JKS)");
    }
    char[] password = optional(passwordKey).map(String::toCharArray).orElse(null);
    try (InputStream in = Files.newInputStream(file.get())) {
      store.load(in, password);
    } catch (IOException | GeneralSecurityException e) {
      throw new BadPropertyException(e.getCause() instanceof UnrecoverableKeyException
          ? passwordKey + " does not open " + fileKey + " '" + file.get() + "' (not its password)"
          : fileKey + " '" + file.get() + "' is not a " + type + " store that " + passwordKey + " opens");
    }
    return file;
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

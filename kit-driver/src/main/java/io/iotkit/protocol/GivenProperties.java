package io.iotkit.protocol;

import io.iotkit.binding.SecretNames;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Binding properties given on the command line ({@code --binding-property KEY=VALUE}), laid over the properties
 * file's: a study can vary one setting (a batch size) without a file per value. Credentials are refused, since a
 * command line shows in process lists; they belong in the file.
 */
final class GivenProperties {
  private GivenProperties() {
  }

  /** The given properties, in the order given; a blank key or a credential is bad input. */
  static Map<String, String> checked(Map<String, String> given) {
    if (given == null) {
      return Map.of();
    }
    Map<String, String> m = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : given.entrySet()) {
      String key = e.getKey() == null ? "" : e.getKey().trim();
      if (key.isEmpty()) {
        throw new IllegalArgumentException("--binding-property takes KEY=VALUE, e.g. mysql.batch.size=10; a key is"
            + " missing");
      }
      if (SecretNames.isSecret(key)) {
        throw new IllegalArgumentException("--binding-property " + key + ": credentials belong in the binding"
            + " properties file (--binding-properties), never on a command line, which process lists show");
      }
      m.put(key, e.getValue() == null ? "" : e.getValue().trim());
    }
    return Collections.unmodifiableMap(m);
  }
}

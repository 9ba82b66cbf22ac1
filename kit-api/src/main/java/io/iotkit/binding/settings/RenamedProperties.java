package io.iotkit.binding.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Properties a binding renamed, old name to new name. For one release the old name still works: its value is used
 * under the new name (unless the new name is set too), and the user gets one warning line per old name.
 */
public final class RenamedProperties {
  private final Map<String, String> newByOld;

  /** @param newByOld each old name with the name that replaces it */
  public RenamedProperties(Map<String, String> newByOld) {
    this.newByOld = new TreeMap<>(newByOld); // sorted: warnings in a stable order
  }

  /** A copy of {@code p} in which each old name's value stands under its new name. */
  public Properties apply(Properties p) {
    Properties copy = new Properties();
    copy.putAll(p);
    newByOld.forEach((old, renamed) -> {
      String v = p.getProperty(old);
      if (v != null && p.getProperty(renamed) == null) {
        copy.setProperty(renamed, v);
      }
      copy.remove(old);
    });
    return copy;
  }

  /** One line for each old name {@code p} uses, naming old and new name. */
  public List<String> warnings(Properties p) {
    List<String> lines = new ArrayList<>();
    newByOld.forEach((old, renamed) -> {
      if (p.getProperty(old) == null) {
        return;
      }
      lines.add(p.getProperty(renamed) == null
          ? "property " + old + " is now called " + renamed + "; its value is used, but rename it in the binding"
              + " properties: the old name goes away in the next release"
          : "property " + old + " is now called " + renamed + "; both are set, so " + old + " is ignored: remove it"
              + " from the binding properties");
    });
    return lines;
  }
}

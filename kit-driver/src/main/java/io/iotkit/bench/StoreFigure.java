package io.iotkit.bench;

import java.util.Locale;

/** The figures a store part can measure; {@code bench --store-figures} picks some of them. */
public enum StoreFigure {
  /** The instance with queries off against the store's plain client loop. */
  INGEST,
  /** The instance with measurement on against off, queries off. */
  MEASUREMENT,
  /** The instance with queries on against the plain loop; only for a store that answers queries. */
  FULL;

  /** The name a user types: {@code ingest}, {@code measurement}, {@code full}. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The figure a user named, or null for a name that is none. */
  public static StoreFigure named(String name) {
    for (StoreFigure f : values()) {
      if (f.optionName().equals(name.trim().toLowerCase(Locale.ROOT))) {
        return f;
      }
    }
    return null;
  }
}

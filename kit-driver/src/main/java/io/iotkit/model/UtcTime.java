package io.iotkit.model;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** How every report writes an instant: UTC to the millisecond, e.g. 2026-11-22 06:39:38.206. */
public final class UtcTime {
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

  private UtcTime() {
  }

  public static String of(Instant instant) {
    return FORMAT.format(instant);
  }

  /** An instant given in epoch microseconds, as the results keep TS_start and TS_end. */
  public static String ofMicros(long epochMicros) {
    return of(Instant.ofEpochSecond(Math.floorDiv(epochMicros, 1_000_000),
        Math.floorMod(epochMicros, 1_000_000) * 1_000L));
  }
}

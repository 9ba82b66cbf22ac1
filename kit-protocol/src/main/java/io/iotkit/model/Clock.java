package io.iotkit.model;

import java.time.Instant;

/** Wall-clock time in epoch microseconds: the time base of keys, windows, TS_start and TS_end. */
public final class Clock {
  private Clock() {
  }

  public static long micros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }
}

package io.iotkit.binding.influxdb;

/**
 * InfluxDB's refusal of a write because its in-memory cache is full: HTTP 500 with "cache-max-memory-size
 * exceeded". influxd holds written points in a cache until a snapshot writes them to disk, and refuses writes
 * while the cache is over {@code cache-max-memory-size}; the refusal comes before anything of the write is stored,
 * so the same write may be sent again once a snapshot has freed the cache. InfluxDB's own Java client counts it as
 * worth retrying, as the binding does.
 */
final class CacheFull {
  /** The first pause before a refused write is sent again; each next one doubles, up to the longest. */
  static final long FIRST_PAUSE_MILLIS = 20;
  static final long LONGEST_PAUSE_MILLIS = 1_000;
  private static final String MESSAGE = "cache-max-memory-size exceeded";

  private CacheFull() {
  }

  /** Whether an answer with this status and body is the full cache's refusal. */
  static boolean is(int status, String body) {
    return status == 500 && body != null && body.contains(MESSAGE);
  }

  static long nextPause(long pauseMillis) {
    return Math.min(LONGEST_PAUSE_MILLIS, pauseMillis * 2);
  }
}

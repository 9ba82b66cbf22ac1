package io.iotkit.model;

/**
 * A read-only execution: after the measured run, each instance runs only dashboard queries, paced, for a fixed
 * time, against the readings the iteration stored; no reading is written. The queries' "now" is the instant the
 * stored data ends, so window A is its last 5 s and window B a random 5 s of the 1800 s before (as in a live run).
 *
 * @param perSecond queries a second each instance is paced at, spread evenly over its query threads
 * @param seconds how long the queries run
 * @param dataUntilMicros epoch µs the queries take as now: the end of the stored data (0 until the master sets it)
 */
public record ReadOnlyQueries(long perSecond, int seconds, long dataUntilMicros) {
  /** The longest read-only execution: beyond a day it is a typing slip. */
  public static final int MAX_SECONDS = 86_400;
  /** What a run and a sweep say of --query-seconds given alone. */
  public static final String SECONDS_ALONE =
      "--query-seconds goes with --queries-per-second: give both, or neither";
  /** What a run and a sweep say of --queries-per-second given with --no-queries. */
  public static final String WITHOUT_QUERIES =
      "--queries-per-second asks dashboard queries, which --no-queries turns off: leave out one of them";

  public ReadOnlyQueries {
    if (perSecond < 1) {
      throw new IllegalArgumentException("--queries-per-second must be at least 1 (it was " + perSecond + ")");
    }
    if (seconds < 1 || seconds > MAX_SECONDS) {
      throw new IllegalArgumentException("--query-seconds must be between 1 and " + MAX_SECONDS + " (it was "
          + seconds + ")");
    }
  }

  /** Query threads of an instance: one per query a second, up to its insert threads. */
  public int threads(int instanceThreads) {
    return (int) Math.min(instanceThreads, perSecond);
  }

  /** The queries each instance runs in all. */
  public long queries() {
    return perSecond * seconds;
  }

  /** The same queries against data that ends at {@code micros}. */
  public ReadOnlyQueries until(long micros) {
    return new ReadOnlyQueries(perSecond, seconds, micros);
  }
}

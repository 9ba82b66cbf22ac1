package io.iotkit.binding;

/**
 * The answer for one time window of one sensor.
 *
 * @param count readings the window held (and the query aggregated)
 * @param value the aggregate; NaN for MAX, MIN and AVG of an empty window
 * @param read readings (records, rows) the store read to answer, as the binding measured it, for the query's read
 *     amplification (read / count); {@link #UNMEASURED} when the binding cannot tell
 */
public record WindowResult(long count, double value, long read) {
  /** The {@link #read} of a binding that cannot tell how much its store read. */
  public static final long UNMEASURED = -1;

  /** An answer whose store's reads were not measured. */
  public WindowResult(long count, double value) {
    this(count, value, UNMEASURED);
  }

  /** Whether the binding measured {@link #read}. */
  public boolean readMeasured() {
    return read != UNMEASURED;
  }
}

package io.iotkit.binding;

/**
 * Accumulates reading values client-side, for bindings whose store returns the raw readings of a window, and counts
 * the records the binding read to find them ({@link #read}), for the query's read amplification.
 */
public final class WindowStats {
  private long count;
  private long read;
  private double min = Double.POSITIVE_INFINITY;
  private double max = Double.NEGATIVE_INFINITY;
  private double sum;

  /** Counts one record read that is not in the window (another sensor's, or outside the window's time). */
  public void skipped() {
    read++;
  }

  /** Counts one reading of the window, read and aggregated. */
  public void add(double value) {
    read++;
    count++;
    sum += value;
    if (value < min) {
      min = value;
    }
    if (value > max) {
      max = value;
    }
  }

  public WindowResult result(Aggregate fn) {
    if (fn == Aggregate.COUNT) {
      return new WindowResult(count, count, read);
    }
    if (count == 0) {
      return new WindowResult(0, Double.NaN, read);
    }
    double value = switch (fn) {
      case MAX -> max;
      case MIN -> min;
      case AVG -> sum / count;
      case COUNT -> count;
    };
    return new WindowResult(count, value, read);
  }
}

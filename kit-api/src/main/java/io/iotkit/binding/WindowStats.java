package io.iotkit.binding;

/** Accumulates reading values client-side, for bindings whose store returns the raw readings of a window. */
public final class WindowStats {
  private long count;
  private double min = Double.POSITIVE_INFINITY;
  private double max = Double.NEGATIVE_INFINITY;
  private double sum;

  public void add(double value) {
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
      return new WindowResult(count, count);
    }
    if (count == 0) {
      return new WindowResult(0, Double.NaN);
    }
    double value = switch (fn) {
      case MAX -> max;
      case MIN -> min;
      case AVG -> sum / count;
      case COUNT -> count;
    };
    return new WindowResult(count, value);
  }
}

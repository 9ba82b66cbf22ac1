package io.iotkit.binding.influxdb;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowResult;

/** A window query's answer as the kit's {@link WindowResult}. */
final class WindowAnswer {
  private WindowAnswer() {
  }

  /**
   * An empty window comes back as no series at all: count 0, and the aggregate NaN (0 for COUNT). The readings
   * read are the count: the server read the window's points of one series.
   */
  static WindowResult of(Aggregate fn, QueryResults.Statement s) {
    long count = s.number("count").map(Double::longValue).orElse(0L);
    double value = switch (fn) {
      case COUNT -> count;
      case MAX -> s.number("max").orElse(Double.NaN);
      case MIN -> s.number("min").orElse(Double.NaN);
      case AVG -> s.number("mean").orElse(Double.NaN);
    };
    return new WindowResult(count, value, count);
  }
}

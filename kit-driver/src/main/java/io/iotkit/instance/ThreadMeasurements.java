package io.iotkit.instance;

import io.iotkit.binding.Aggregate;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** What one insert thread measured. Touched only by its thread until the run ends, so nothing is shared. */
final class ThreadMeasurements {
  static final int SIGNIFICANT_DIGITS = 3;

  final Histogram insertMicros = new Histogram(SIGNIFICANT_DIGITS);
  final Map<Aggregate, Histogram> queryMicros = new EnumMap<>(Aggregate.class);
  long acknowledged;
  long failedInserts;
  long queries;
  long failedQueries;
  long readingsAggregated;
  long emptyWindows;
  long endMicros;

  ThreadMeasurements() {
    for (Aggregate a : Aggregate.values()) {
      queryMicros.put(a, new Histogram(SIGNIFICANT_DIGITS));
    }
  }
}

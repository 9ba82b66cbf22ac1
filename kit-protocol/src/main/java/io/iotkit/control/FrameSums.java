package io.iotkit.control;

import io.iotkit.binding.Aggregate;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What an instance's second frames add up to so far: its ingest, insert-call and per-template query latency, and
 * the readings each template's windows aggregated. The master keeps one per instance for the result (where the sums
 * are checked against the instance's totals) and one for the live metrics; not thread-safe: its owner locks.
 */
public final class FrameSums {
  private static final int SIGNIFICANT_DIGITS = 3;
  private final Histogram ingest = new Histogram(SIGNIFICANT_DIGITS);
  private final Histogram inserts = new Histogram(SIGNIFICANT_DIGITS);
  private final Map<Aggregate, Histogram> queries = new EnumMap<>(Aggregate.class);
  private final Map<Aggregate, Long> aggregated = new EnumMap<>(Aggregate.class);

  public FrameSums() {
    for (Aggregate a : Aggregate.values()) {
      queries.put(a, new Histogram(SIGNIFICANT_DIGITS));
      aggregated.put(a, 0L);
    }
  }

  /** Adds one second's latency and aggregated readings. */
  public void add(SecondFrame f) {
    ingest.add(f.ingest());
    inserts.add(f.inserts());
    f.queries().forEach((a, t) -> {
      queries.get(a).add(t.latency());
      aggregated.merge(a, t.aggregated(), Long::sum);
    });
  }

  /** Ingest latency so far (the histogram itself: copy it to keep it). */
  public Histogram ingest() {
    return ingest;
  }

  /** Insert-call latency so far. */
  public Histogram inserts() {
    return inserts;
  }

  /** One template's query latency so far. */
  public Histogram queries(Aggregate a) {
    return queries.get(a);
  }

  /** Readings one template's windows aggregated so far. */
  public long aggregated(Aggregate a) {
    return aggregated.get(a);
  }

  /** Queries timed so far over every template. */
  public long timedQueries() {
    return queries.values().stream().mapToLong(Histogram::getTotalCount).sum();
  }
}

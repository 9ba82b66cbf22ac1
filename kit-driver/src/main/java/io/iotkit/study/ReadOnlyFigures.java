package io.iotkit.study;

import io.iotkit.model.Latency;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import java.util.EnumMap;
import java.util.Map;

/**
 * A point's read-only execution (--queries-per-second) in its performance iteration, as a study compares points:
 * the queries a second offered and achieved, their latency per template, and what each side used meanwhile.
 *
 * @param offered queries a second over all instances: the rate per instance times P
 * @param achieved queries answered or failed per second over the execution
 * @param failed queries that failed
 * @param readingsPerQuery readings the answered queries aggregated, on average
 * @param avgMs mean latency per query template, from each query's scheduled instant
 * @param p99Ms 99th percentile latency per query template
 * @param resources what the SUT's and the driver's side used over the execution
 */
public record ReadOnlyFigures(double offered, double achieved, long failed, double readingsPerQuery,
                              Map<Operation, Double> avgMs, Map<Operation, Double> p99Ms, PointResources resources) {

  /** The figures of one read-only execution paced at {@code perSecond} queries a second per instance. */
  static ReadOnlyFigures of(PhaseResult r, long perSecond) {
    Map<Operation, Double> avg = new EnumMap<>(Operation.class);
    Map<Operation, Double> p99 = new EnumMap<>(Operation.class);
    for (Operation q : StudyTable.QUERIES) {
      Latency l = r.latency().get(q);
      if (l != null && l.count() > 0) {
        avg.put(q, l.meanMs());
        p99.put(q, l.p99Ms());
      }
    }
    return new ReadOnlyFigures((double) perSecond * r.instances().size(), r.queriesPerSecond(), r.failedQueries(),
        r.readingsPerQuery(), avg, p99, PointResources.of(r.resources()));
  }
}

package io.iotkit.model;

import io.iotkit.binding.Aggregate;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one driver instance measured in one phase, as the master makes it from the instance's second frames and its
 * {@link InstanceTotals} ({@code InstanceSeries}). Counts are 64-bit; times are epoch microseconds.
 *
 * @param startMicros when the start barrier released the instance (TS_start)
 * @param endMicros when its last kvp was acknowledged
 * @param insertHistogram insert call latency in µs: how long the binding's write call took (backpressure)
 * @param ingestHistogram ingest latency in µs: from each reading's generation (its scheduled instant when paced) to
 *     the store's durable acknowledgement
 * @param queryReads per template: readings its windows aggregated and records the store read to answer them
 * @param queryHistograms query latency in µs per template
 * @param acknowledgedPerSecond kvps acknowledged in each second from TS_start (element i covers second i), from the
 *     instance's second frames; empty in
 *     result.json for an execution longer than {@link PhaseSeries#MAX_POINTS} s (the instance's own result file
 *     beside it holds it)
 * @param peakRssBytes the instance JVM's peak resident memory (VmHWM), or null where the OS does not say
 * @param resources what the instance's JVM and its host used second by second, from its second frames; null in
 *     result.json, whose phase holds them merged with the master's ({@link PhaseResult#resources()})
 * @param clientCounters what the store client of the instance's bindings counted of its own requests (see
 *     KitBinding#clientCounters), summed over its threads, by name; empty when the binding counts nothing
 * @param startLagMicros from the start barrier's release to the instance's first write, on its host's clock; null
 *     where the result predates the figure
 * @param driverTime where its insert threads' and its JVM's time went ({@link DriverHeadroom} reads it); null where
 *     the result predates the figure
 */
public record InstanceResult(int instance, String substation, long kvpsTarget, long acknowledged,
                             long failedInserts, long startMicros, long endMicros, long queries,
                             long failedQueries, long readingsAggregated, long emptyWindows,
                             Map<Aggregate, QueryReads> queryReads, LatencyHistogram insertHistogram,
                             LatencyHistogram ingestHistogram, Map<Aggregate, LatencyHistogram> queryHistograms,
                             long[] acknowledgedPerSecond, Long peakRssBytes, ResourceUsage resources,
                             Map<String, Long> clientCounters, Long startLagMicros, DriverTime driverTime) {

  public InstanceResult {
    // sorted, so that the merged counters and the reports list them in one order whatever the instance
    clientCounters = clientCounters == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(clientCounters));
  }

  /** A result without its driver's time. */
  public InstanceResult(int instance, String substation, long kvpsTarget, long acknowledged, long failedInserts,
                        long startMicros, long endMicros, long queries, long failedQueries, long readingsAggregated,
                        long emptyWindows, Map<Aggregate, QueryReads> queryReads, LatencyHistogram insertHistogram,
                        LatencyHistogram ingestHistogram, Map<Aggregate, LatencyHistogram> queryHistograms,
                        long[] acknowledgedPerSecond, Long peakRssBytes, ResourceUsage resources,
                        Map<String, Long> clientCounters, Long startLagMicros) {
    this(instance, substation, kvpsTarget, acknowledged, failedInserts, startMicros, endMicros, queries,
        failedQueries, readingsAggregated, emptyWindows, queryReads, insertHistogram, ingestHistogram,
        queryHistograms, acknowledgedPerSecond, peakRssBytes, resources, clientCounters, startLagMicros, null);
  }

  /** A result without its start lag. */
  public InstanceResult(int instance, String substation, long kvpsTarget, long acknowledged, long failedInserts,
                        long startMicros, long endMicros, long queries, long failedQueries, long readingsAggregated,
                        long emptyWindows, Map<Aggregate, QueryReads> queryReads, LatencyHistogram insertHistogram,
                        LatencyHistogram ingestHistogram, Map<Aggregate, LatencyHistogram> queryHistograms,
                        long[] acknowledgedPerSecond, Long peakRssBytes, ResourceUsage resources,
                        Map<String, Long> clientCounters) {
    this(instance, substation, kvpsTarget, acknowledged, failedInserts, startMicros, endMicros, queries,
        failedQueries, readingsAggregated, emptyWindows, queryReads, insertHistogram, ingestHistogram,
        queryHistograms, acknowledgedPerSecond, peakRssBytes, resources, clientCounters, null);
  }

  /** A result without client counters. */
  public InstanceResult(int instance, String substation, long kvpsTarget, long acknowledged, long failedInserts,
                        long startMicros, long endMicros, long queries, long failedQueries, long readingsAggregated,
                        long emptyWindows, Map<Aggregate, QueryReads> queryReads, LatencyHistogram insertHistogram,
                        LatencyHistogram ingestHistogram, Map<Aggregate, LatencyHistogram> queryHistograms,
                        long[] acknowledgedPerSecond, Long peakRssBytes, ResourceUsage resources) {
    this(instance, substation, kvpsTarget, acknowledged, failedInserts, startMicros, endMicros, queries,
        failedQueries, readingsAggregated, emptyWindows, queryReads, insertHistogram, ingestHistogram,
        queryHistograms, acknowledgedPerSecond, peakRssBytes, resources, Map.of());
  }

  /** A result without resource usage. */
  public InstanceResult(int instance, String substation, long kvpsTarget, long acknowledged, long failedInserts,
                        long startMicros, long endMicros, long queries, long failedQueries, long readingsAggregated,
                        long emptyWindows, Map<Aggregate, QueryReads> queryReads, LatencyHistogram insertHistogram,
                        LatencyHistogram ingestHistogram, Map<Aggregate, LatencyHistogram> queryHistograms,
                        long[] acknowledgedPerSecond, Long peakRssBytes) {
    this(instance, substation, kvpsTarget, acknowledged, failedInserts, startMicros, endMicros, queries,
        failedQueries, readingsAggregated, emptyWindows, queryReads, insertHistogram, ingestHistogram,
        queryHistograms, acknowledgedPerSecond, peakRssBytes, null);
  }

  /** The same result with its instants moved by {@code micros}: from a driver host's clock to the master's. */
  public InstanceResult shifted(long micros) {
    return new InstanceResult(instance, substation, kvpsTarget, acknowledged, failedInserts, startMicros + micros,
        endMicros + micros, queries, failedQueries, readingsAggregated, emptyWindows, queryReads,
        insertHistogram, ingestHistogram, queryHistograms, acknowledgedPerSecond, peakRssBytes, resources,
        clientCounters, startLagMicros, driverTime);
  }

  /** The same result without its per-second series, for result.json when the series is kept beside it. */
  public InstanceResult withoutSeries() {
    return withSeries(new long[0]);
  }

  /** The same result with the per-second series the master gathered for it. */
  public InstanceResult withSeries(long[] perSecond) {
    return new InstanceResult(instance, substation, kvpsTarget, acknowledged, failedInserts, startMicros, endMicros,
        queries, failedQueries, readingsAggregated, emptyWindows, queryReads, insertHistogram, ingestHistogram,
        queryHistograms, perSecond, peakRssBytes, resources, clientCounters, startLagMicros, driverTime);
  }

  /** The same result with the resource usage its instance sampled. */
  public InstanceResult withResources(ResourceUsage usage) {
    return new InstanceResult(instance, substation, kvpsTarget, acknowledged, failedInserts, startMicros, endMicros,
        queries, failedQueries, readingsAggregated, emptyWindows, queryReads, insertHistogram, ingestHistogram,
        queryHistograms, acknowledgedPerSecond, peakRssBytes, usage, clientCounters, startLagMicros, driverTime);
  }

  /** The same result without its resource usage, for result.json, whose phase holds it merged. */
  public InstanceResult withoutResources() {
    return withResources(null);
  }

  /** Ingest time of this substation in seconds, from TS_start to its last acknowledged kvp. */
  public double ingestSeconds() {
    return (endMicros - startMicros) / 1e6;
  }
}

package io.iotkit.model;

import io.iotkit.binding.Aggregate;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a driver instance sends at the end of a phase, beside its second frames: what no second holds (its
 * identity, its start and end, what its queries read by template, its peak memory, its store client's counters,
 * where it was sampled) and its totals, which the master checks against the sum of its frames. The master makes
 * the instance's {@code InstanceResult} from the two.
 *
 * @param startMicros when the start barrier released the instance (TS_start)
 * @param endMicros when its last kvp was acknowledged
 * @param startLagMicros from the release to its first write (its earliest insert thread's), on its own clock
 * @param queryReads per template: readings its windows aggregated and records the store read to answer them
 * @param peakRssBytes the instance JVM's peak resident memory (VmHWM), or null where the OS does not say
 * @param sampled where its resources were sampled, or null where they could not be (no /proc)
 * @param clientCounters what the store client of the instance's bindings counted, summed by name
 * @param driverTime where its insert threads' and its JVM's time went
 */
public record InstanceTotals(int instance, String substation, long kvpsTarget, long acknowledged,
                             long failedInserts, long startMicros, long endMicros, long startLagMicros, long queries,
                             long failedQueries, long readingsAggregated, long emptyWindows,
                             Map<Aggregate, QueryReads> queryReads,
                             Long peakRssBytes, Sampled sampled, Map<String, Long> clientCounters,
                             DriverTime driverTime) {

  public InstanceTotals {
    // sorted, so that the merged counters and the reports list them in one order whatever the instance
    clientCounters = clientCounters == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(clientCounters));
  }

  /** The same totals with what the store client of the instance's bindings counted. */
  public InstanceTotals withClientCounters(Map<String, Long> counters) {
    return new InstanceTotals(instance, substation, kvpsTarget, acknowledged, failedInserts, startMicros, endMicros,
        startLagMicros, queries, failedQueries, readingsAggregated, emptyWindows, queryReads, peakRssBytes, sampled, counters, driverTime);
  }

  /**
   * The host and the process whose seconds the instance's frames carry.
   *
   * @param host the host's name, as the kernel has it
   * @param cpus its logical CPUs
   * @param memTotalBytes its memory (MemTotal)
   * @param pid the instance JVM's process id
   */
  public record Sampled(String host, int cpus, long memTotalBytes, long pid) {
  }
}

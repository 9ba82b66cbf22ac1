package io.iotkit.model;

import java.util.Map;

/**
 * What the master tells one driver instance to do in one phase. Written as JSON into the run folder.
 * It never holds credentials: the binding properties file's bytes reach the instance over its control channel.
 *
 * @param bindingProperties path of the binding properties file, or null
 * @param bindingOverrides addresses of a server the kit started (never secrets)
 * @param resultFile where the master writes the instance's result in the run folder
 * @param intervalLog where the master writes the instance's per-second HdrHistogram interval log
 * @param kvpBytes bytes of each reading, key, value, unit and padding together ({@link WorkloadSpec#KVP_BYTES}
 *     in a compliant run); the smallest reading when sizes are drawn from a range
 * @param rate kvps/s this instance is paced at, spread evenly over its threads; 0 for unpaced
 * @param arrivals how a paced thread spaces its readings (fixed when unpaced)
 * @param dataSinceMicros epoch µs since which this substation has data (bounds query window B)
 * @param noQueries true when the instance runs no dashboard queries (--no-queries: an ingest-only trial run)
 * @param kvpBytesMax the largest reading when each reading's size is drawn from kvpBytes to this; 0 (or kvpBytes)
 *     when every reading has kvpBytes
 * @param readOnly the queries of a read-only execution, which writes nothing (kvps 0); null in any other execution
 */
public record InstanceSpec(String phase, int instance, int instances, String substation, long kvps, int kvpBytes,
                           int threads, String binding, String bindingProperties, Map<String, String> bindingOverrides,
                           long dataSinceMicros, long seed, String resultFile,
                           String intervalLog, long rate, Arrivals arrivals, boolean noQueries, int kvpBytesMax,
                           ReadOnlyQueries readOnly) {

  public InstanceSpec {
    if (arrivals == null) {
      arrivals = Arrivals.FIXED;
    }
    if (kvpBytesMax == 0) {
      kvpBytesMax = kvpBytes;
    }
  }

  /** A spec of an execution that writes readings. */
  public InstanceSpec(String phase, int instance, int instances, String substation, long kvps, int kvpBytes,
                      int threads, String binding, String bindingProperties, Map<String, String> bindingOverrides,
                      long dataSinceMicros, long seed, String resultFile, String intervalLog, long rate,
                      Arrivals arrivals, boolean noQueries, int kvpBytesMax) {
    this(phase, instance, instances, substation, kvps, kvpBytes, threads, binding, bindingProperties,
        bindingOverrides, dataSinceMicros, seed, resultFile, intervalLog, rate, arrivals, noQueries, kvpBytesMax,
        null);
  }

  /** A spec whose readings all have {@code kvpBytes}. */
  public InstanceSpec(String phase, int instance, int instances, String substation, long kvps, int kvpBytes,
                      int threads, String binding, String bindingProperties, Map<String, String> bindingOverrides,
                      long dataSinceMicros, long seed, String resultFile, String intervalLog, long rate,
                      Arrivals arrivals, boolean noQueries) {
    this(phase, instance, instances, substation, kvps, kvpBytes, threads, binding, bindingProperties,
        bindingOverrides, dataSinceMicros, seed, resultFile, intervalLog, rate, arrivals, noQueries, kvpBytes);
  }

  /** Its readings' size. */
  public KvpSize kvpSize() {
    return new KvpSize(kvpBytes, kvpBytesMax);
  }

  /**
   * The same spec on a clock {@code offsetMicros} ahead of the master's: its data's instants as that clock reads
   * them.
   */
  public InstanceSpec onClock(long offsetMicros) {
    return new InstanceSpec(phase, instance, instances, substation, kvps, kvpBytes, threads, binding,
        bindingProperties, bindingOverrides, dataSinceMicros + offsetMicros, seed, resultFile, intervalLog, rate,
        arrivals, noQueries, kvpBytesMax,
        readOnly == null ? null : readOnly.until(readOnly.dataUntilMicros() + offsetMicros));
  }
}

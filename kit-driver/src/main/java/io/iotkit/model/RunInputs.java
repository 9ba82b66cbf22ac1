package io.iotkit.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the run was asked to do: the command's options and the files it read.
 *
 * @param bindingProperties the binding properties file, or null for the kit's built-in defaults
 * @param systemDescription the sponsor's system description file, or null when there was none
 * @param hosts the host list file of a run over driver hosts (--hosts), or null
 * @param kvpBytes bytes of each reading (--kvp-bytes), the smallest when sizes were drawn from a range; {@link
 *     WorkloadSpec#KVP_BYTES} when absent, in results of kits before the option
 * @param rate kvps/s each instance was paced at (--rate), 0 when unpaced
 * @param arrivals how paced threads spaced their readings (--arrivals); fixed when absent
 * @param noQueries true when the instances ran no dashboard queries (--no-queries); absent (false) in results
 *     of kits before the option
 * @param sutNodes nodes of the local server the kit started (--sut-nodes); 1 also when the SUT is the sponsor's
 * @param givenProperties binding properties given on the command line (--binding-property), laid over the file's;
 *     empty when none were, and in results of kits before the option
 * @param sutCpus CPUs the local server's processes were confined to together (--sut-cpus), 0 for no limit (and in
 *     results of kits before the option)
 * @param sutMemoryBytes memory the local server's processes were confined to together (--sut-memory), 0 for no
 *     limit
 * @param metricsEndpoint where the master served the run's live figures for Prometheus (--metrics-port), or null
 *     when it served none
 * @param kvpBytesMax the largest reading when each reading's size was drawn from kvpBytes to this (--kvp-bytes
 *     MIN-MAX); kvpBytes when every reading had one size, and when absent
 * @param queriesPerSecond queries a second each instance ran in the read-only execution after each measured run
 *     (--queries-per-second), 0 when none ran (and when absent)
 * @param querySeconds how long that execution ran (--query-seconds), 0 when none ran
 * @param consumeStored whether a new consumer read each iteration's stored readings after its writes
 *     (--consume-stored); false when absent
 */
public record RunInputs(int substations, long kvps, int kvpBytes, String binding, int threads, int sutNodes,
                        boolean strict, String bindingProperties, String pricing, String systemDescription,
                        List<String> instanceJvmOptions, String hosts, long rate, Arrivals arrivals,
                        boolean noQueries, Map<String, String> givenProperties, double sutCpus,
                        long sutMemoryBytes, String metricsEndpoint, int kvpBytesMax, long queriesPerSecond,
                        int querySeconds, boolean consumeStored) {

  public RunInputs {
    if (kvpBytes == 0) {
      kvpBytes = WorkloadSpec.KVP_BYTES;
    }
    if (kvpBytesMax < kvpBytes) {
      kvpBytesMax = kvpBytes;
    }
    if (arrivals == null) {
      arrivals = Arrivals.FIXED;
    }
    givenProperties = givenProperties == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(givenProperties));
  }

  /** Inputs whose readings all had {@code kvpBytes}. */
  public RunInputs(int substations, long kvps, int kvpBytes, String binding, int threads, int sutNodes,
                   boolean strict, String bindingProperties, String pricing, String systemDescription,
                   List<String> instanceJvmOptions, String hosts, long rate, Arrivals arrivals,
                   boolean noQueries, Map<String, String> givenProperties, double sutCpus,
                   long sutMemoryBytes, String metricsEndpoint) {
    this(substations, kvps, kvpBytes, binding, threads, sutNodes, strict, bindingProperties, pricing,
        systemDescription, instanceJvmOptions, hosts, rate, arrivals, noQueries, givenProperties, sutCpus,
        sutMemoryBytes, metricsEndpoint, kvpBytes);
  }

  /** Inputs without a read-only execution. */
  public RunInputs(int substations, long kvps, int kvpBytes, String binding, int threads, int sutNodes,
                   boolean strict, String bindingProperties, String pricing, String systemDescription,
                   List<String> instanceJvmOptions, String hosts, long rate, Arrivals arrivals,
                   boolean noQueries, Map<String, String> givenProperties, double sutCpus,
                   long sutMemoryBytes, String metricsEndpoint, int kvpBytesMax) {
    this(substations, kvps, kvpBytes, binding, threads, sutNodes, strict, bindingProperties, pricing,
        systemDescription, instanceJvmOptions, hosts, rate, arrivals, noQueries, givenProperties, sutCpus,
        sutMemoryBytes, metricsEndpoint, kvpBytesMax, 0, 0, false);
  }

  /** The readings' size. */
  public KvpSize kvpSize() {
    return new KvpSize(kvpBytes, kvpBytesMax);
  }

  /** The read-only execution, as "read-only: Q queries/s per instance for S s", or empty when none ran. */
  public String readOnly() {
    return queriesPerSecond > 0 ? String.format(java.util.Locale.ROOT, "read-only: %,d queries/s per instance for"
        + " %,d s", queriesPerSecond, querySeconds) : "";
  }

  /** How the load was paced, for reports: "paced at R kvps/s per instance, A arrivals", or empty when unpaced. */
  public String pacing() {
    return rate > 0 ? String.format(java.util.Locale.ROOT, "paced at %,d kvps/s per instance, %s arrivals", rate,
        arrivals.label()) : "";
  }
}

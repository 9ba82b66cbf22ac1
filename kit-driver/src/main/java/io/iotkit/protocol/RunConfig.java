package io.iotkit.protocol;

import io.iotkit.hosts.DriverHosts;
import io.iotkit.hosts.Placement;
import io.iotkit.instance.KvpSizes;
import io.iotkit.model.Arrivals;
import io.iotkit.model.KvpSize;
import io.iotkit.model.KitLayout;
import io.iotkit.model.ReadOnlyQueries;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.process.SutLimits;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One run's settings, checked once when made; nothing changes them after.
 *
 * @param substations P: driver instances, one per simulated power substation
 * @param kvps K: kvps each workload execution ingests over all instances
 * @param bindingProperties the sponsor's binding properties file, or null for none
 * @param systemDescription the sponsor's system description file, or null for none
 * @param threads insert threads per instance; anything but the kit constant makes a trial run
 * @param sutNodes nodes of the local server the kit starts when the binding properties name no SUT
 * @param sutLimits the CPU and memory that local server may use (--sut-cpus, --sut-memory)
 * @param kvpSize bytes of each reading; anything but 1 KB for every reading makes a trial run
 * @param rate kvps/s each instance is paced at, or 0 for as fast as the SUT takes them (a paced run is a trial run);
 *     bursts set it themselves (their mean rate, rounded)
 * @param arrivals how paced threads space their readings, or null when not given (fixed); fixed or Gaussian only
 *     with a rate, bursts only without
 * @param noQueries true to skip the dashboard queries (--no-queries): an ingest-only trial run
 * @param hosts how to reach the driver hosts of a run over a host list, or null to run every instance here
 * @param givenProperties binding properties given on the command line (--binding-property), laid over the
 *     file's; never a credential, since a command line shows in process lists
 * @param readOnly the queries of a read-only execution after each measured run (a trial run), or null for none
 * @param consumeStored whether a new consumer reads each iteration's stored readings after its writes (a trial run,
 *     on a store that keeps what it delivers)
 */
public record RunConfig(int substations, long kvps, KvpSize kvpSize, String binding, Path bindingProperties,
                        Path pricing, Path systemDescription, boolean strict, int threads, int sutNodes,
                        SutLimits sutLimits, Path resultsRoot, List<String> instanceJvmOptions, long rate, Arrivals arrivals,
                        boolean noQueries, KitLayout kit, DriverHosts.Plan hosts,
                        Map<String, String> givenProperties, ReadOnlyQueries readOnly, boolean consumeStored) {

  public RunConfig {
    if (substations < 1) {
      throw new IllegalArgumentException("-p must be at least 1 (it was " + substations + ")");
    }
    if (kvps < substations) {
      throw new IllegalArgumentException("-k must be at least -p, so every substation ingests a kvp (it was "
          + kvps + " with -p " + substations + ")");
    }
    if (threads < 1 || threads > io.iotkit.model.WorkloadSpec.SENSORS_PER_SUBSTATION) {
      throw new IllegalArgumentException("--threads must be between 1 and "
          + io.iotkit.model.WorkloadSpec.SENSORS_PER_SUBSTATION + " (it was " + threads + ")");
    }
    if (sutNodes < 1) {
      throw new IllegalArgumentException("--sut-nodes must be at least 1 (it was " + sutNodes + ")");
    }
    if (sutLimits == null) {
      sutLimits = SutLimits.NONE;
    }
    if (rate < 0) {
      throw new IllegalArgumentException("--rate must be 0 (unpaced) or more kvps/s (it was " + rate + ")");
    }
    if (arrivals == null) {
      arrivals = Arrivals.FIXED; // not given: an unpaced run's threads, or evenly spaced readings at --rate
    } else if (!arrivals.setsRate() && rate <= 0) {
      throw new IllegalArgumentException("--arrivals goes with --rate: " + arrivals.label() + " spaces the readings"
          + " of a paced run (burst:N/Tms sets its own rate)");
    }
    if (arrivals.setsRate()) {
      if (rate > 0) {
        throw new IllegalArgumentException("--arrivals " + arrivals.label() + " sets the rate itself (its readings"
            + " every period on each thread): leave out --rate");
      }
      // what the reports and the plan read as the rate; the threads' schedules keep the bursts' exact period
      rate = Math.max(1, Math.round(arrivals.instanceRate(threads)));
    } else {
      if (rate > 0 && rate < threads) {
        throw new IllegalArgumentException("--rate must give each insert thread at least 1 kvp/s (it was " + rate
            + " for " + threads + " threads)");
      }
    }
    String kvpProblem = KvpSizes.problem(kvpSize, longestSubstationKey(substations));
    if (kvpProblem != null) {
      throw new IllegalArgumentException(kvpProblem);
    }
    instanceJvmOptions = List.copyOf(instanceJvmOptions);
    givenProperties = GivenProperties.checked(givenProperties);
    if (readOnly != null && noQueries) {
      throw new IllegalArgumentException(ReadOnlyQueries.WITHOUT_QUERIES);
    }
    if (hosts != null) {
      Placement.place(hosts.hosts(), substations); // counts that cannot add up to P are bad input, said now
    }
  }

  /** Characters of the run's longest substation key: the last substation's, in a run tagged now. */
  private static int longestSubstationKey(int substations) {
    return ExecutionSession.substationKey(ExecutionSession.tag(System.currentTimeMillis()), 2, substations - 1).length();
  }
}

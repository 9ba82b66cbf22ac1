package io.iotkit.plan;

import io.iotkit.model.ByteSize;
import io.iotkit.model.RunPlan;
import io.iotkit.model.WorkloadSpec;
import java.util.Locale;

/**
 * The disk the SUT needs for one iteration's readings: warmup and measured run (2 x K) both stay stored until the
 * system cleanup purges them. Per reading, either what a local server's folder measurably grew by, or, for a SUT the
 * kit cannot look into, the reading's bytes times the copies the store reports it keeps.
 */
public final class DiskNeed {
  /** Executions an iteration writes before its readings are purged: warmup and measured run. */
  static final int EXECUTIONS_PER_ITERATION = 2;

  private DiskNeed() {
  }

  /**
   * From a local server's folder: its largest growth over the calibration (sampled once a second) per reading the
   * calibration wrote. Every node's folder is local, so the copies of a replicated local server are in it.
   *
   * @param freeBytes  free space of the filesystem the run's local server would write to
   * @param filesystem a folder on that filesystem
   */
  public static RunPlan.Disk measured(long growthBytes, long written, long kvps, long freeBytes, String filesystem) {
    if (written < 1) {
      throw new IllegalArgumentException("no readings written, nothing to divide by");
    }
    double perKvp = Math.max(0, growthBytes) / (double) written;
    String how = String.format(Locale.ROOT, "measured: the local server's folder grew by at most %s (sampled once a"
        + " second) while the calibration wrote %,d readings: %,d B / %,d = %,.0f B per reading, its copies"
        + " included", ByteSize.binary(growthBytes), written, growthBytes, written, perKvp);
    long iteration = EXECUTIONS_PER_ITERATION * kvps;
    double need = perKvp * iteration;
    return new RunPlan.Disk("measured", perKvp, how, iteration, need, freeBytes, filesystem, need <= freeBytes);
  }

  /** For a SUT the kit did not start: {@value WorkloadSpec#KVP_BYTES} B per reading per copy the store reports. */
  public static RunPlan.Disk estimated(int replicationFactor, String replicationSource, long kvps) {
    int copies = Math.max(0, replicationFactor);
    double perKvp = (double) WorkloadSpec.KVP_BYTES * copies;
    String how = String.format(Locale.ROOT, "estimated (the kit cannot look into a SUT it did not start): %,d B per"
        + " reading (key and value, padding included) x replication factor %d (%s) = %,.0f B per reading; the"
        + " store's own overhead (write-ahead log, indexes, compaction) is not included", WorkloadSpec.KVP_BYTES,
        copies, replicationSource, perKvp);
    long iteration = EXECUTIONS_PER_ITERATION * kvps;
    return new RunPlan.Disk("estimated", perKvp, how, iteration, perKvp * iteration, null, null, null);
  }
}

package io.iotkit.protocol;

import io.iotkit.model.ByteSize;
import java.util.Locale;
import java.util.Optional;

/**
 * Before a local server takes a reading: whether one iteration's readings (warmup and measured run, 2 x K, kept
 * until the cleanup purges them) can fit on the disk it writes to at all. The need is a floor, each reading's
 * bytes times the copies the store reports: a store's own overhead (logs, indexes, compaction) comes on top, and
 * {@code plan} measures it. A run that cannot fit would only fill the disk hours in and end with nothing.
 */
final class DiskRoom {
  private DiskRoom() {
  }

  /** Why the readings cannot fit, or empty when they can. */
  static Optional<String> shortfall(long kvps, int kvpBytes, int copies, long freeBytes, String filesystem) {
    long readings = 2 * kvps;
    double need = (double) readings * kvpBytes * Math.max(1, copies);
    if (need <= freeBytes) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "the local SUT needs at least %s for one iteration's readings"
        + " (2 x K = %,d readings x %,d B x %d copies, before the store's own overhead), but only %s are free on"
        + " the filesystem of %s: give a smaller -k, or --results on a larger disk (bin/tpcx-iot.sh plan measures"
        + " what the store needs)", ByteSize.binary(need), readings, kvpBytes, Math.max(1, copies),
        ByteSize.binary(freeBytes), filesystem));
  }
}

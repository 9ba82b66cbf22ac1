package io.iotkit.model;

/**
 * End-to-end latency of an execution on a store that delivers readings: from each reading's generation to the
 * moment a reader on the master held it.
 *
 * @param micros           the latencies in µs, one per reading delivered
 * @param clockErrorMicros how far the driver hosts' clock offsets applied may be off, at most: any one latency may
 *                         be off by up to this (0 when every instance ran on the master's host)
 */
public record EndToEnd(LatencyHistogram micros, long clockErrorMicros) {
  /** How the figures were timed against the instances' clocks, as the run report and the FDR say it. */
  public String clockText() {
    if (clockErrorMicros == 0) {
      return "every driver instance on the master's clock, no offset to apply";
    }
    return String.format(java.util.Locale.ROOT, "the driver hosts' clock offsets applied, each figure within"
        + " +/- %.3f ms (the offsets' error bound)", clockErrorMicros / 1e3);
  }
}

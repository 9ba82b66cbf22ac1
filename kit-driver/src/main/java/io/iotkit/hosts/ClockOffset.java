package io.iotkit.hosts;

/**
 * A host's clock against the master's, from ping round trips: the host read its clock at some instant between
 * the master's send and receive, so with the host's reading h and the master's send s and receive r,
 * offset = h − (s + r) / 2 is off by at most (r − s) / 2. The round trip with the smallest such bound is kept.
 *
 * @param offsetMicros host clock minus master clock, µs: add it to a master instant to get the host's
 * @param errorMicros  the bound on the offset's error, µs (half the best round trip)
 */
public record ClockOffset(long offsetMicros, long errorMicros) {
  /** The master's own host. */
  public static final ClockOffset NONE = new ClockOffset(0, 0);

  /** From one round trip. */
  static ClockOffset of(long sentMicros, long hostMicros, long receivedMicros) {
    long rtt = receivedMicros - sentMicros;
    return new ClockOffset(hostMicros - (sentMicros + rtt / 2), (rtt + 1) / 2);
  }

  /** The tighter of two estimates. */
  ClockOffset best(ClockOffset other) {
    return other.errorMicros < errorMicros ? other : this;
  }

  /** Largest possible distance between the clocks: |offset| + error. */
  public long boundMicros() {
    return Math.abs(offsetMicros) + errorMicros;
  }
}

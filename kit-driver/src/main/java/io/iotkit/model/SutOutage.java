package io.iotkit.model;

/**
 * A time the SUT stopped answering the master's ping during a workload execution and then answered again: not
 * fatal (a pause, a leader election, a region moving), but disclosed.
 *
 * @param phase       the execution it happened in, e.g. "iteration 1 measured"
 * @param startMicros epoch µs of the last answer before the silence
 * @param endMicros   epoch µs of the first answer after it
 * @param cause       what the ping met meanwhile (the client's error, or "no answer")
 */
public record SutOutage(String phase, long startMicros, long endMicros, String cause) {

  public double seconds() {
    return (endMicros - startMicros) / 1e6;
  }
}

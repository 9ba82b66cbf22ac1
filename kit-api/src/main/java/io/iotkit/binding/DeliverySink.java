package io.iotkit.binding;

/**
 * Where the reader of a store that delivers readings (a broker, a log) reports each reading it received: the kit
 * turns these into end-to-end latency, from a reading's generation to the moment a reader holds it, with each
 * driver host's clock offset applied.
 */
@FunctionalInterface
public interface DeliverySink {
  /**
   * One reading a reader now holds; called from the reader's threads, once per reading (a redelivery is not
   * reported again).
   *
   * @param substation      the reading's substation
   * @param generatedMicros the reading's timestamp ({@link Reading#micros()}), on the clock of the driver host that
   *                        generated it
   * @param receivedMicros  when the reader received it, epoch µs on this (the master's) clock
   */
  void delivered(String substation, long generatedMicros, long receivedMicros);
}

package io.iotkit.model;

/**
 * What consumers of a store that delivers readings (a broker, a log) read in one iteration, timed: the reader on the
 * master while the measured run wrote, and, where asked (--consume-stored), a new consumer of the whole stored
 * volume once the writes ended.
 *
 * @param withProducers the reader on the master: the measured run's readings it received, from TS_start to its last
 *     receipt of one of them, while the instances produced
 * @param alone a new consumer, started after the iteration's writes, over everything the iteration stored (warmup
 *     and measured run), from its creation to its last record; null when none ran
 */
public record ConsumerRates(Consumed withProducers, Consumed alone) {

  /**
   * Readings a consumer received over a span of time.
   *
   * @param readings readings received
   * @param bytes their bytes (key, value, unit and padding), or null where readings were of several sizes
   * @param startMicros epoch µs the span began
   * @param endMicros epoch µs of the last receipt (the start when nothing was received)
   */
  public record Consumed(long readings, Long bytes, long startMicros, long endMicros) {
    /**
     * {@code readings} counted from {@code startMicros}, the last received at {@code lastReceivedMicros}.
     *
     * @param readingBytes the readings' size, or null where they had several
     */
    public static Consumed counted(long readings, Integer readingBytes, long startMicros, long lastReceivedMicros) {
      return new Consumed(readings, readingBytes == null ? null : readings * readingBytes, startMicros,
          readings == 0 ? startMicros : Math.max(startMicros, lastReceivedMicros));
    }

    public double seconds() {
      return (endMicros - startMicros) / 1e6;
    }

    /** Readings received per second over the span; 0 when it has no length. */
    public double readingsPerSecond() {
      return seconds() <= 0 ? 0 : readings / seconds();
    }

    /** Bytes received per second over the span, or null where the readings' bytes are not known. */
    public Double bytesPerSecond() {
      return bytes == null ? null : seconds() <= 0 ? 0 : bytes / seconds();
    }
  }
}

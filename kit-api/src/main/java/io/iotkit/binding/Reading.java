package io.iotkit.binding;

/**
 * One sensor reading as the kit generated it, handed to a binding's {@link ReadingWriter}. Its key, for a store that
 * keeps one, is {@link #key()} ({@link ReadingFormat}); a binding never builds or splits keys itself.
 *
 * <p>The arrays and strings are the binding's to keep: the kit makes a new reading for every write.
 *
 * @param substation the substation's key
 * @param sensor     the sensor's key within its substation
 * @param micros     when the reading was generated, epoch microseconds; unique per sensor
 * @param value      the measured value, as decimal text
 * @param unit       the value's unit
 * @param padding    filler that brings the whole reading to its size (ASCII text)
 */
public record Reading(String substation, String sensor, long micros, String value, String unit, byte[] padding) {

  /** {@code substation:sensor:timestamp}, see {@link ReadingFormat#key}. */
  public String key() {
    return ReadingFormat.key(substation, sensor, micros);
  }

  /** Bytes of the whole reading as the benchmark counts them: key, value, unit and padding (all ASCII). */
  public int bytes() {
    return ReadingFormat.keyLength(substation, sensor) + value.length() + unit.length() + padding.length;
  }
}

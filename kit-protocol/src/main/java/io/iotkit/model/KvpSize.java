package io.iotkit.model;

import java.util.Locale;

/**
 * Bytes of a reading, key, value, unit and padding together (--kvp-bytes): one size for every reading, or a range
 * from which each reading's size is drawn evenly, as devices that send messages of several lengths do. Only the
 * padding is resized, so the smallest size is the longest key, value and unit a reading has.
 *
 * @param min the smallest reading
 * @param max the largest; {@code min} when every reading has one size
 */
public record KvpSize(int min, int max) {
  /** A compliant run's: 1 KB, every reading. */
  public static final KvpSize COMPLIANT = new KvpSize(WorkloadSpec.KVP_BYTES, WorkloadSpec.KVP_BYTES);

  public KvpSize {
    if (max < min) { // the bounds of a reading's size are the generator's to say (KvpSizes)
      throw new IllegalArgumentException("--kvp-bytes must be B or MIN-MAX with MIN ≤ MAX (it was " + min + "-" + max
          + ")");
    }
  }

  /** Every reading {@code bytes} bytes. */
  public static KvpSize of(int bytes) {
    return new KvpSize(bytes, bytes);
  }

  /**
   * Reads --kvp-bytes: {@code B} or {@code MIN-MAX}.
   *
   * @throws IllegalArgumentException with what the option takes
   */
  public static KvpSize parse(String text) {
    String[] p = text.strip().split("-", -1);
    try {
      if (p.length == 1) {
        return of(Integer.parseInt(p[0]));
      }
      if (p.length == 2) {
        return new KvpSize(Integer.parseInt(p[0]), Integer.parseInt(p[1]));
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException("--kvp-bytes must be B (bytes of every reading) or MIN-MAX (each reading's"
        + " size drawn evenly from MIN to MAX), e.g. 1024 or 80-116 (it was '" + text + "')");
  }

  /** Whether every reading has one size. */
  public boolean fixed() {
    return min == max;
  }

  /** The mean reading's bytes. */
  public double meanBytes() {
    return (min + (double) max) / 2;
  }

  /** As the option takes it: "1024", "80-116". */
  public String label() {
    return fixed() ? Integer.toString(min) : min + "-" + max;
  }

  /** As reports say it: "1,024 bytes", "80 to 116 bytes, each reading's drawn evenly". */
  public String text() {
    return fixed() ? String.format(Locale.ROOT, "%,d bytes", min)
        : String.format(Locale.ROOT, "%,d to %,d bytes, each reading's drawn evenly", min, max);
  }

  @Override
  public String toString() {
    return label();
  }
}

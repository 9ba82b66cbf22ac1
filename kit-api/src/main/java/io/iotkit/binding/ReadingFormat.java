package io.iotkit.binding;

/**
 * The layout of a reading as the driver writes it and bindings store it: the one place that joins a key and splits
 * it again.
 *
 * <p>Key: {@code substation:sensor:timestamp}, the timestamp in microseconds since the epoch, zero-padded to
 * 16 digits so that a sensor's keys sort by time and {@code [key(s, x, t0), key(s, x, t1))} covers exactly that
 * sensor's readings in {@code [t0, t1)}. Neither key may contain ':'.
 * Value fields: {@link #VALUE} (decimal text), {@link #UNIT} and {@link #PADDING}.
 */
public final class ReadingFormat {
  public static final String VALUE = "value";
  public static final String UNIT = "unit";
  public static final String PADDING = "padding";
  public static final char SEPARATOR = ':';
  public static final int TIMESTAMP_DIGITS = 16;
  /** The first timestamp too long for the key's digits. */
  private static final long MAX_MICROS = 10_000_000_000_000_000L;

  private ReadingFormat() {
  }

  public static String key(String substation, String sensor, long micros) {
    checkMicros(micros);
    int prefix = substation.length() + sensor.length() + 2;
    char[] key = new char[prefix + TIMESTAMP_DIGITS];
    substation.getChars(0, substation.length(), key, 0);
    key[substation.length()] = SEPARATOR;
    sensor.getChars(0, sensor.length(), key, substation.length() + 1);
    key[prefix - 1] = SEPARATOR;
    // the 16 digits as two halves of 8: int division is cheaper than long
    writeEightDigits(key, prefix + 8, (int) (micros % 100_000_000));
    writeEightDigits(key, prefix, (int) (micros / 100_000_000));
    return new String(key);
  }

  /** Characters of the key of any reading of this sensor. */
  public static int keyLength(String substation, String sensor) {
    return substation.length() + sensor.length() + 2 + TIMESTAMP_DIGITS;
  }

  /** All keys of one substation start with this. */
  public static String substationPrefix(String substation) {
    return substation + SEPARATOR;
  }

  /** All keys of one sensor start with this. */
  public static String sensorPrefix(String substation, String sensor) {
    return substation + SEPARATOR + sensor + SEPARATOR;
  }

  /**
   * {@code substation:sensor}: one sensor's key without a timestamp, for a store that keeps each sensor's readings
   * apart under one key (e.g. a partition).
   */
  public static String sensorKey(String substation, String sensor) {
    return substation + SEPARATOR + sensor;
  }

  /**
   * The substation of a key made by {@link #key} or {@link #sensorKey}, read back from the store; empty when the key
   * is none of them (an item the kit did not write).
   */
  public static java.util.Optional<String> substationOf(String key) {
    int colon = key.indexOf(SEPARATOR);
    return colon > 0 ? java.util.Optional.of(key.substring(0, colon)) : java.util.Optional.empty();
  }

  public static String timestamp(long micros) {
    checkMicros(micros);
    char[] digits = new char[TIMESTAMP_DIGITS];
    writeEightDigits(digits, 8, (int) (micros % 100_000_000));
    writeEightDigits(digits, 0, (int) (micros / 100_000_000));
    return new String(digits);
  }

  /** The timestamp (epoch microseconds) of a key. */
  public static long micros(String key) {
    return Long.parseLong(key, key.lastIndexOf(SEPARATOR) + 1, key.length(), 10);
  }

  /**
   * The reading whose key and value fields these are, for a binding that reads readings back from its store (or
   * YCSB's insert, which hands over a key and fields).
   *
   * @throws IllegalArgumentException if {@code key} is not a reading key
   */
  public static Reading reading(String key, String value, String unit, byte[] padding) {
    int first = key.indexOf(SEPARATOR);
    int last = key.lastIndexOf(SEPARATOR);
    if (first <= 0 || last <= first + 1 || key.length() - last - 1 != TIMESTAMP_DIGITS) {
      throw new IllegalArgumentException("not a reading key (substation:sensor:timestamp): " + key);
    }
    long micros;
    try {
      micros = micros(key);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("the timestamp of reading key " + key + " is not a number");
    }
    if (micros < 0) {
      throw new IllegalArgumentException("the timestamp of reading key " + key + " is negative");
    }
    return new Reading(key.substring(0, first), key.substring(first + 1, last), micros, value, unit, padding);
  }

  private static void checkMicros(long micros) {
    if (micros < 0 || micros >= MAX_MICROS) {
      throw new IllegalArgumentException("timestamp " + micros + " is negative or does not fit " + TIMESTAMP_DIGITS
          + " digits");
    }
  }

  private static void writeEightDigits(char[] out, int from, int value) {
    int rest = value;
    for (int at = from + 7; at >= from; at--) {
      out[at] = (char) ('0' + rest % 10);
      rest /= 10;
    }
  }
}

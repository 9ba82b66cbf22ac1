package io.iotkit.binding;

/**
 * The layout of a reading as the driver writes it and bindings store it.
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

  private ReadingFormat() {
  }

  public static String key(String substation, String sensor, long micros) {
    return sensorPrefix(substation, sensor) + timestamp(micros);
  }

  /** All keys of one substation start with this. */
  public static String substationPrefix(String substation) {
    return substation + SEPARATOR;
  }

  /** All keys of one sensor start with this. */
  public static String sensorPrefix(String substation, String sensor) {
    return substation + SEPARATOR + sensor + SEPARATOR;
  }

  public static String timestamp(long micros) {
    if (micros < 0) {
      throw new IllegalArgumentException("negative timestamp " + micros);
    }
    String digits = Long.toString(micros);
    return "0".repeat(Math.max(0, TIMESTAMP_DIGITS - digits.length())) + digits;
  }

  /** The timestamp (epoch microseconds) of a key. */
  public static long micros(String key) {
    return Long.parseLong(key, key.lastIndexOf(SEPARATOR) + 1, key.length(), 10);
  }
}

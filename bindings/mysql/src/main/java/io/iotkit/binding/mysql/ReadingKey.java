package io.iotkit.binding.mysql;

import io.iotkit.binding.ReadingFormat;

/**
 * A reading key ({@code substation:sensor:timestamp}, see {@link ReadingFormat}) split into the table's
 * primary key columns.
 *
 * @param micros the timestamp, epoch microseconds
 */
record ReadingKey(String substation, String sensor, long micros) {

  /** @throws IllegalArgumentException if {@code key} is not a reading key */
  static ReadingKey parse(String key) {
    int first = key.indexOf(ReadingFormat.SEPARATOR);
    int last = key.lastIndexOf(ReadingFormat.SEPARATOR);
    if (first <= 0 || last <= first + 1 || last == key.length() - 1) {
      throw new IllegalArgumentException("not a reading key (substation:sensor:timestamp): " + key);
    }
    try {
      return new ReadingKey(key.substring(0, first), key.substring(first + 1, last), ReadingFormat.micros(key));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("the timestamp of reading key " + key + " is not a number");
    }
  }
}

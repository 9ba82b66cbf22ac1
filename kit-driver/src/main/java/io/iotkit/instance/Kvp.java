package io.iotkit.instance;

/**
 * One generated sensor reading.
 *
 * @param key {@code substation:sensor:timestamp} (see {@link io.iotkit.binding.ReadingFormat})
 * @param micros the timestamp in the key: when the reading was generated, epoch microseconds
 */
record Kvp(String key, Sensor sensor, long micros, String value, String unit, byte[] padding) {

  /** Bytes of the whole kvp (all ASCII): key, value, unit and padding. */
  int size() {
    return key.length() + value.length() + unit.length() + padding.length;
  }
}

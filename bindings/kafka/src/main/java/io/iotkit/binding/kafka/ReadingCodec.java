package io.iotkit.binding.kafka;

import io.iotkit.binding.ReadingFormat;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * How a reading is laid out in a Kafka record. Key: the reading key ({@link ReadingFormat}) in UTF-8, so a query
 * can pick its sensor's records and their exact microsecond timestamps without decoding values. Value: the value
 * text, the unit and the padding, separated by the ASCII unit separator (0x1F), which none of them contains.
 * The record's timestamp is the reading's, in milliseconds, so offsetsForTimes finds a window.
 */
final class ReadingCodec {
  static final byte SEPARATOR = 0x1F;

  private ReadingCodec() {
  }

  static byte[] key(String readingKey) {
    return readingKey.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] value(byte[] value, byte[] unit, byte[] padding) {
    byte[] out = new byte[value.length + unit.length + padding.length + 2];
    System.arraycopy(value, 0, out, 0, value.length);
    out[value.length] = SEPARATOR;
    System.arraycopy(unit, 0, out, value.length + 1, unit.length);
    out[value.length + 1 + unit.length] = SEPARATOR;
    System.arraycopy(padding, 0, out, value.length + unit.length + 2, padding.length);
    return out;
  }

  /** The sensor value of a record value, read in place. */
  static double sensorValue(ByteBuffer recordValue) {
    int start = recordValue.position();
    int end = start;
    while (end < recordValue.limit() && recordValue.get(end) != SEPARATOR) {
      end++;
    }
    byte[] text = new byte[end - start];
    recordValue.get(start, text);
    return Double.parseDouble(new String(text, StandardCharsets.US_ASCII));
  }

  /**
   * The microsecond timestamp of a record key that starts with {@code sensorPrefix}, read in place; -1 for a
   * record of another sensor.
   */
  static long micros(ByteBuffer key, byte[] sensorPrefix) {
    int at = key.position();
    int end = key.limit();
    if (end - at <= sensorPrefix.length) {
      return -1;
    }
    for (int i = 0; i < sensorPrefix.length; i++) {
      if (key.get(at + i) != sensorPrefix[i]) {
        return -1;
      }
    }
    long n = 0;
    for (int j = at + sensorPrefix.length; j < end; j++) {
      int d = key.get(j) - '0';
      if (d < 0 || d > 9) {
        throw new NumberFormatException("timestamp of a record key is not a number");
      }
      n = n * 10 + d;
    }
    return n;
  }

  /** The record timestamp of a reading taken at {@code micros}. */
  static long timestampMs(long micros) {
    return Math.floorDiv(micros, 1_000);
  }

}

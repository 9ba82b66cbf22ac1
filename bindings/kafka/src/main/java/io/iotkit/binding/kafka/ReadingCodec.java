package io.iotkit.binding.kafka;

import io.iotkit.binding.ReadingFormat;
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

  /** The sensor value of a record value. */
  static double sensorValue(byte[] recordValue) {
    int end = 0;
    while (end < recordValue.length && recordValue[end] != SEPARATOR) {
      end++;
    }
    return Double.parseDouble(new String(recordValue, 0, end, StandardCharsets.US_ASCII));
  }

  /** The record timestamp of a reading taken at {@code micros}. */
  static long timestampMs(long micros) {
    return Math.floorDiv(micros, 1_000);
  }

  /** Whether a record key starts with {@code prefix} (e.g. a sensor's key prefix), compared as bytes. */
  static boolean startsWith(byte[] key, byte[] prefix) {
    if (key == null || key.length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (key[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /** The microsecond timestamp at the end of a record key (digits after the last ':'). */
  static long micros(byte[] key) {
    int i = key.length;
    while (i > 0 && key[i - 1] != ReadingFormat.SEPARATOR) {
      i--;
    }
    if (i == key.length) {
      throw new NumberFormatException("no timestamp in record key");
    }
    long n = 0;
    for (int j = i; j < key.length; j++) {
      int d = key[j] - '0';
      if (d < 0 || d > 9) {
        throw new NumberFormatException("timestamp of a record key is not a number");
      }
      n = n * 10 + d;
    }
    return n;
  }
}

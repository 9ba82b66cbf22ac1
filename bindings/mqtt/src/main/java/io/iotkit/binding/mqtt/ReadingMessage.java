package io.iotkit.binding.mqtt;

import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import java.nio.charset.StandardCharsets;

/**
 * How one reading travels over MQTT. Topic {@code <prefix>/<substation>/<sensor>}; payload the whole reading,
 * {@code key \n value \n unit \n padding}, so the verifying subscriber can check what arrived against the topic
 * and read the reading's timestamp from its key. Keys, values and units never contain a newline (keys are
 * {@code substation:sensor:timestamp}, the padding is last and is never split).
 */
final class ReadingMessage {
  private static final byte NEWLINE = '\n';

  private ReadingMessage() {
  }

  static String topic(String prefix, String substation, String sensor) {
    return prefix + "/" + substation + "/" + sensor;
  }

  /** The filter that matches every sensor topic of one substation. */
  static String substationFilter(String prefix, String substation) {
    return prefix + "/" + substation + "/#";
  }

  static byte[] encode(Reading r) {
    return encode(r.key(), r.value().getBytes(StandardCharsets.US_ASCII), r.unit().getBytes(StandardCharsets.US_ASCII),
        r.padding());
  }

  static byte[] encode(String key, byte[] value, byte[] unit, byte[] padding) {
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[k.length + value.length + unit.length + padding.length + 3];
    int i = 0;
    System.arraycopy(k, 0, out, i, k.length);
    i += k.length;
    out[i++] = NEWLINE;
    System.arraycopy(value, 0, out, i, value.length);
    i += value.length;
    out[i++] = NEWLINE;
    System.arraycopy(unit, 0, out, i, unit.length);
    i += unit.length;
    out[i++] = NEWLINE;
    System.arraycopy(padding, 0, out, i, padding.length);
    return out;
  }

  /**
   * A delivered reading, checked against the topic it arrived on.
   *
   * @param sensor the sensor key
   * @param micros the reading's timestamp (epoch µs) from its key
   */
  record Delivered(String sensor, long micros) {
  }

  /**
   * Decodes a payload that arrived on {@code topic}; null when it is not a reading of that topic's substation
   * and sensor (wrong key, missing fields, bad timestamp), so a stray message is never counted as a reading.
   */
  static Delivered decode(String prefix, String topic, byte[] payload) {
    int keyEnd = indexOf(payload, 0);
    if (keyEnd < 0) {
      return null;
    }
    int valueEnd = indexOf(payload, keyEnd + 1);
    if (valueEnd < 0 || valueEnd == keyEnd + 1 || indexOf(payload, valueEnd + 1) < 0) {
      return null;
    }
    Reading r;
    try {
      r = ReadingFormat.reading(new String(payload, 0, keyEnd, StandardCharsets.UTF_8), "", "", new byte[0]);
    } catch (IllegalArgumentException e) {
      return null;
    }
    return topic.equals(topic(prefix, r.substation(), r.sensor())) ? new Delivered(r.sensor(), r.micros()) : null;
  }

  private static int indexOf(byte[] b, int from) {
    for (int i = from; i < b.length; i++) {
      if (b[i] == NEWLINE) {
        return i;
      }
    }
    return -1;
  }
}

package io.iotkit.binding.mqtt;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts the distinct readings of one substation that the verifying subscriber received.
 *
 * <p>QoS 1 is at-least-once: after a reconnect the broker may deliver a reading again. Each sensor has exactly one
 * publisher, which writes its readings in time order (keys strictly increase per sensor), and an MQTT broker
 * delivers the messages of one publisher on one topic in the order they were published. So a reading whose
 * timestamp is not newer than the last one seen from its sensor is a redelivery, counted as a duplicate and not
 * as a reading. This needs one number per sensor instead of every key, so it scales to billions of readings.
 * Should a broker ever reorder a topic, an out-of-order reading is counted as a duplicate too: the data check
 * then shows it as missing, a loud failure rather than a silent over-count.
 */
final class DeliveryTally {
  private final Map<String, long[]> lastMicros = new HashMap<>();
  private long distinct;
  private long duplicates;
  private long ignored;

  /** Counts one delivered reading; returns whether it was new. */
  synchronized boolean accept(String sensor, long micros) {
    long[] last = lastMicros.computeIfAbsent(sensor, s -> new long[] {Long.MIN_VALUE});
    if (micros <= last[0]) {
      duplicates++;
      return false;
    }
    last[0] = micros;
    distinct++;
    return true;
  }

  /** Counts a message on a reading topic that is not a reading of it (malformed, or retained). */
  synchronized void ignore() {
    ignored++;
  }

  synchronized long distinct() {
    return distinct;
  }

  synchronized long duplicates() {
    return duplicates;
  }

  synchronized long ignored() {
    return ignored;
  }

  /** Every message that arrived, counted or not: what the quiet period watches. */
  synchronized long arrivals() {
    return distinct + duplicates + ignored;
  }
}

package io.iotkit.binding.kafka;

import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Makes the Kafka record of a reading: topic and partition from the {@link TopicLayout}, key, value and timestamp
 * from the {@link ReadingCodec}. The binding and its plain client loop both write through here, so a change of
 * layout or encoding changes both.
 *
 * <p>Not thread-safe: one per writing thread. A thread writes one substation, so the substation's topic and first
 * partition are worked out once, and each sensor's partition once.
 */
final class ReadingRecords {
  private final TopicLayout layout;
  /** The partition count of a topic, as the cluster reports it. */
  private final ToIntFunction<String> partitionCount;
  private final Map<String, Integer> sensorPartitions = new HashMap<>();
  /** The substation whose topic {@link #topic} is. */
  private String substation;
  private String topic;
  private int topicPartitions;

  ReadingRecords(TopicLayout layout, ToIntFunction<String> partitionCount) {
    this.layout = layout;
    this.partitionCount = partitionCount;
  }

  /**
   * The record of this reading.
   *
   * @throws IllegalStateException if the substation's topic does not exist or was made for another layout
   */
  ProducerRecord<byte[], byte[]> record(Reading r) {
    return record(r.substation(), r.sensor(), r.micros(), r.value().getBytes(StandardCharsets.US_ASCII),
        r.unit().getBytes(StandardCharsets.US_ASCII), r.padding());
  }

  /** The record of the reading of this sensor at {@code micros} with these (encoded) value fields. */
  ProducerRecord<byte[], byte[]> record(String substation, String sensor, long micros, byte[] value, byte[] unit,
                                        byte[] padding) {
    if (!substation.equals(this.substation)) {
      target(substation);
    }
    int partition = sensorPartitions.computeIfAbsent(sensor, x -> layout.partition(substation, x, topicPartitions));
    return new ProducerRecord<>(topic, partition, ReadingCodec.timestampMs(micros),
        ReadingCodec.key(ReadingFormat.key(substation, sensor, micros)), ReadingCodec.value(value, unit, padding));
  }

  /** Works out where the substation's readings go (ahead of its first reading, or at it). */
  void target(String substation) {
    String t = layout.topic(substation);
    int n = partitionCount.applyAsInt(t);
    if (n == 0) {
      throw new IllegalStateException("topic " + t + " has no partitions");
    }
    layout.slots(t, n); // made for this S?
    topic = t;
    topicPartitions = n;
    this.substation = substation;
    sensorPartitions.clear();
  }
}

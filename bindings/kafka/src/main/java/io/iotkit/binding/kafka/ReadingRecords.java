package io.iotkit.binding.kafka;

import io.iotkit.binding.ReadingFormat;
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
  private String substationPrefix;
  private String topic;
  private int topicPartitions;

  ReadingRecords(TopicLayout layout, ToIntFunction<String> partitionCount) {
    this.layout = layout;
    this.partitionCount = partitionCount;
  }

  /**
   * The record of the reading with this key ({@link ReadingFormat}) and value fields.
   *
   * @throws IllegalStateException if the substation's topic does not exist or was made for another layout
   */
  ProducerRecord<byte[], byte[]> record(String readingKey, byte[] value, byte[] unit, byte[] padding) {
    int sensorStart = readingKey.indexOf(ReadingFormat.SEPARATOR) + 1;
    if (substationPrefix == null || !readingKey.startsWith(substationPrefix)) {
      target(readingKey.substring(0, sensorStart - 1));
    }
    String sensor = readingKey.substring(sensorStart, readingKey.indexOf(ReadingFormat.SEPARATOR, sensorStart));
    int partition = sensorPartitions.computeIfAbsent(sensor,
        x -> layout.partition(substationPrefix.substring(0, sensorStart - 1), x, topicPartitions));
    return new ProducerRecord<>(topic, partition, ReadingCodec.timestampMs(ReadingFormat.micros(readingKey)),
        ReadingCodec.key(readingKey), ReadingCodec.value(value, unit, padding));
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
    substationPrefix = ReadingFormat.substationPrefix(substation);
    sensorPartitions.clear();
  }
}

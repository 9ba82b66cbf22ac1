package io.iotkit.binding.kafka;

import io.iotkit.binding.DeliverySink;
import io.iotkit.binding.DeliveryWatch;
import io.iotkit.binding.ReadingFormat;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import site.ycsb.DBException;

/**
 * A consumer of an iteration's partitions on the master, as a reader of the log would consume them: from the
 * beginning of each (the topic is new each iteration), reporting every record it holds to the kit's
 * {@link DeliverySink} with the instant its poll returned it. It joins no group and commits nothing. Caught up
 * means its position in every partition has reached the partition's end offset.
 */
final class DeliveryReader implements DeliveryWatch {
  /** Each partition's end offset now, as the cluster answers. */
  interface EndOffsets {
    Map<TopicPartition, Long> now() throws DBException;
  }

  private static final Duration POLL = Duration.ofMillis(100);

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final DeliverySink sink;
  private final Map<TopicPartition, Long> positions = new ConcurrentHashMap<>();
  private final EndOffsets endOffsets;
  private final Thread poller;
  private volatile boolean closing;
  private volatile Throwable failure;

  /**
   * @param endOffsets each partition's end offset now, asked of the cluster (not of this consumer, which only its
   *                   own thread may use)
   */
  DeliveryReader(Map<String, Object> consumerConfig, Collection<TopicPartition> partitions, DeliverySink sink,
                 EndOffsets endOffsets) {
    this.consumer = new KafkaConsumer<>(consumerConfig, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    this.sink = sink;
    this.endOffsets = endOffsets;
    consumer.assign(List.copyOf(partitions));
    consumer.seekToBeginning(partitions);
    partitions.forEach(tp -> positions.put(tp, 0L));
    poller = new Thread(this::poll, "kafka-delivery-reader");
    poller.setDaemon(true);
    poller.start();
  }

  private void poll() {
    try {
      while (!closing) {
        var records = consumer.poll(POLL);
        long received = nowMicros();
        for (ConsumerRecord<byte[], byte[]> r : records) {
          String key = new String(r.key(), StandardCharsets.US_ASCII);
          Optional<String> substation = ReadingFormat.substationOf(key);
          if (substation.isPresent()) {
            sink.delivered(substation.get(), ReadingFormat.micros(key), received);
          }
        }
        for (TopicPartition tp : records.partitions()) {
          positions.put(tp, consumer.position(tp));
        }
      }
    } catch (WakeupException e) {
      // closing
    } catch (RuntimeException e) {
      failure = e;
    } finally {
      consumer.close(Duration.ofSeconds(5));
    }
  }

  private static long nowMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }

  @Override
  public void awaitCaughtUp(Duration max) throws DBException, InterruptedException {
    Map<TopicPartition, Long> ends = endOffsets.now();
    long deadline = System.nanoTime() + max.toNanos();
    while (System.nanoTime() < deadline) {
      if (failure != null) {
        throw new DBException("kafka: the delivery reader failed: " + failure.getMessage());
      }
      if (ends.entrySet().stream().allMatch(e -> positions.getOrDefault(e.getKey(), 0L) >= e.getValue())) {
        return;
      }
      Thread.sleep(50);
    }
    throw new DBException("kafka: the delivery reader had not read every record within " + max.toSeconds() + " s");
  }

  @Override
  public void close() {
    closing = true;
    consumer.wakeup();
    try {
      poller.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

package io.iotkit.binding.kafka;

import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.binding.bench.PlainThreads;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;

/**
 * Kafka's plain client loop for the kit's benchmark: the JVM's asynchronous idempotent producer with acks=all,
 * configured as the binding's ({@link KafkaSettings#producerConfig}, shared through {@link SharedClients}), and
 * records made by the binding's own {@link ReadingRecords}: same topic, partition, key, value and timestamp. Each
 * thread sends its sensors' share ({@link PlainThreads}) without waiting; the send callbacks count
 * acknowledgements; the producer's flush waits for the last of them. Nothing else: no generation, measurement or queries.
 */
final class KafkaPlainLoop implements PlainClientLoop {
  private final KafkaSettings settings;
  private final TopicLayout layout;
  private SharedClients clients;

  /** @throws io.iotkit.binding.settings.BadPropertyException naming a bad binding property */
  KafkaPlainLoop(Properties properties) {
    settings = KafkaSettings.from(properties);
    layout = new TopicLayout(settings.topicPrefix(), settings.perSubstation());
  }

  @Override
  public long write(String substation, PlainReading[] pool, long count, int threads) throws Exception {
    if (clients == null) {
      clients = SharedClients.acquire(settings);
    }
    KafkaProducer<byte[], byte[]> producer = clients.producer();
    byte[][][] fields = encode(pool);
    // Timestamps base + i for reading i: unique for every reading, so for every sensor.
    long base = System.currentTimeMillis() * 1_000;
    AtomicReference<Exception> failure = new AtomicReference<>();
    // One writer per sensor, as in a driver instance and the other stores' loops.
    long acknowledged = PlainThreads.run(pool, count, threads, (mine, from, to) -> {
      ReadingRecords records = KafkaBinding.recordsOf(clients, layout);
      AtomicLong mineAcknowledged = new AtomicLong();
      for (long i = from; i < to && failure.get() == null; i++) {
        int k = mine[(int) ((i - from) % mine.length)];
        producer.send(records.record(substation, pool[k].sensor(), base + i, fields[k][0], fields[k][1],
            fields[k][2]), (metadata, e) -> {
          if (e == null) {
            mineAcknowledged.incrementAndGet();
          } else {
            failure.compareAndSet(null, e);
          }
        });
      }
      producer.flush(); // returns when every send so far has had its callback
      return mineAcknowledged.get();
    });
    if (failure.get() != null) {
      throw new Exception("kafka: a send failed: " + settings.scrub(String.valueOf(failure.get().getMessage())),
          failure.get());
    }
    if (acknowledged != count) {
      throw new IllegalStateException("kafka: " + acknowledged + " of " + count + " sends acknowledged");
    }
    return acknowledged;
  }

  /** Each pool reading's value, unit and padding as the bytes the binding's record carries. */
  private static byte[][][] encode(PlainReading[] pool) {
    byte[][][] fields = new byte[pool.length][][];
    for (int k = 0; k < pool.length; k++) {
      fields[k] = new byte[][] {pool[k].value().getBytes(StandardCharsets.UTF_8),
          pool[k].unit().getBytes(StandardCharsets.UTF_8), pool[k].padding()};
    }
    return fields;
  }

  @Override
  public void close() {
    if (clients != null) {
      clients.release();
      clients = null;
    }
  }
}

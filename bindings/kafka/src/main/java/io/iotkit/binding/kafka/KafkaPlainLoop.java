package io.iotkit.binding.kafka;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;

/**
 * Kafka's plain client loop for the kit's benchmark: the JVM's asynchronous idempotent producer with acks=all,
 * configured as the binding's ({@link KafkaSettings#producerConfig}, shared through {@link SharedClients}), and
 * records made by the binding's own {@link ReadingRecords}: same topic, partition, key, value and timestamp. Each
 * thread sends its share without waiting; the send callbacks count acknowledgements; the producer's flush waits
 * for the last of them. Nothing else: no generation, measurement or queries.
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
    AtomicLong acknowledged = new AtomicLong();
    AtomicReference<Exception> failure = new AtomicReference<>();
    List<Callable<Void>> senders = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      ReadingRecords records = KafkaBinding.recordsOf(clients, layout);
      senders.add(() -> {
        for (long i = thread; i < count && failure.get() == null; i += threads) {
          int k = (int) (i % pool.length);
          String key = ReadingFormat.key(substation, pool[k].sensor(), base + i);
          producer.send(records.record(key, fields[k][0], fields[k][1], fields[k][2]), (metadata, e) -> {
            if (e == null) {
              acknowledged.incrementAndGet();
            } else {
              failure.compareAndSet(null, e);
            }
          });
        }
        return null;
      });
    }
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try {
      for (Future<Void> f : executor.invokeAll(senders)) {
        f.get(); // a send() that threw
      }
    } finally {
      executor.shutdown();
    }
    producer.flush(); // returns when every send's callback has run
    if (failure.get() != null) {
      throw new Exception("kafka: a send failed: " + settings.scrub(String.valueOf(failure.get().getMessage())),
          failure.get());
    }
    if (acknowledged.get() != count) {
      throw new IllegalStateException("kafka: " + acknowledged.get() + " of " + count + " sends acknowledged");
    }
    return acknowledged.get();
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

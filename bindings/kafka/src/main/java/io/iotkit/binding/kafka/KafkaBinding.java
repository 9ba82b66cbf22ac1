package io.iotkit.binding.kafka;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import site.ycsb.DBException;

/**
 * Stores readings in Kafka: one topic per iteration, S partitions per substation and a sensor's readings in one of
 * them ({@link TopicLayout}), one record per reading ({@link ReadingCodec}, {@link ReadingRecords}), sent by an
 * idempotent producer with acks=all.
 *
 * <p>Each send's callback reports its reading to its {@link Acknowledgement}: acknowledged when all in-sync replicas
 * have it, failed on any exception. So an insert thread never waits for its sends (the driver bounds how many are
 * in flight). Threads share the JVM's producer ({@link SharedClients}).
 *
 * <p>Queries: {@link WindowReader}. What the master asks (topics, counts, purge) is {@link KafkaAdmin}'s.
 */
public final class KafkaBinding extends KitBinding implements WindowQueries {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaBinding.class);
  /** The driver instance's substation (a property the driver gives every binding of an instance). */
  static final String SUBSTATION_HINT = KitBinding.SUBSTATION;

  private KafkaSettings settings;
  private TopicLayout layout;
  private SharedClients clients;
  private WindowReader reader;
  private final Map<String, Integer> partitionCounts = new HashMap<>();

  /** A send failed: logged once per object, as callbacks of one outage fail by the thousand. */
  private final AtomicBoolean warned = new AtomicBoolean();
  /** Makes this thread's records; made with the producer. */
  private ReadingRecords records;

  @Override
  public void init() throws DBException {
    try {
      settings = KafkaSettings.from(getProperties());
    } catch (IllegalArgumentException e) {
      throw new DBException("kafka: " + e.getMessage(), e);
    }
    layout = new TopicLayout(settings.topicPrefix(), settings.perSubstation());
    clients = SharedClients.acquire(settings);
    String substation = getProperties().getProperty(SUBSTATION_HINT, "");
    if (!substation.isBlank()) {
      try {
        openEarly(substation.trim());
      } catch (DBException | RuntimeException e) {
        cleanup();
        throw e instanceof DBException d ? d : new DBException("kafka: " + settings.scrub(e.getMessage()));
      }
    }
  }

  /**
   * In a driver instance, opens the producer, the query consumer and the topic's metadata before the start
   * barrier: otherwise each thread's first reading would wait for them inside the timed run, stamped hundreds of
   * milliseconds before the readings other threads append meanwhile.
   */
  private void openEarly(String substation) throws DBException {
    String topic = layout.topic(substation);
    reader = new WindowReader(settings.consumerConfig(), settings.disorderMs(), clients.lateness());
    int partitions = reader.partitions(topic);
    if (partitions == 0) {
      throw new DBException("kafka: topic " + topic + " does not exist; the kit creates it before an iteration"
          + " (StoreAdmin.prepare)");
    }
    partitionCounts.put(topic, partitions);
    try {
      records().target(substation);
    } catch (IllegalStateException e) {
      throw new DBException("kafka: " + e.getMessage());
    }
  }

  /** The producer's record maker, made with the producer (whose metadata gives the topic's partitions). */
  private ReadingRecords records() throws DBException {
    if (records == null) {
      records = recordsOf(clients, layout);
    }
    return records;
  }

  /** A record maker writing through the JVM's producer: the binding's and its plain client loop's. */
  static ReadingRecords recordsOf(SharedClients clients, TopicLayout layout) throws DBException {
    var producer = clients.producer();
    return new ReadingRecords(layout, topic -> producer.partitionsFor(topic).size());
  }

  /** Hands the reading to the producer, whose callback reports it. */
  @Override
  public void write(Reading reading, Acknowledgement ack) throws DBException {
    Report report = new Report(ack);
    long timestamp;
    try {
      ProducerRecord<byte[], byte[]> record = records().record(reading);
      timestamp = record.timestamp();
      clients.producer().send(record, report);
    } catch (DBException | RuntimeException e) {
      warn("a send failed", e.getMessage());
      if (report.compareAndSet(false, true)) {
        throw e instanceof DBException d ? d : new DBException("kafka: " + settings.scrub(e.getMessage()));
      }
      return; // send() ran the callback before it threw (its errors usually go there): that reported it
    }
    clients.lateness().sent(timestamp, System.currentTimeMillis());
  }

  /**
   * The callback of one send: reports its reading exactly once. The flag settles a race no send should run into,
   * between a callback and a send() that throws after calling it.
   */
  private final class Report extends AtomicBoolean implements Callback {
    private final Acknowledgement to;

    Report(Acknowledgement to) {
      this.to = to;
    }

    @Override
    public void onCompletion(RecordMetadata metadata, Exception e) {
      if (!compareAndSet(false, true)) {
        return;
      }
      if (e == null) {
        to.acknowledged();
      } else {
        warn("a reading was not acknowledged", String.valueOf(e));
        to.failed(e);
      }
    }
  }

  private void warn(String what, String cause) {
    if (!warned.getAndSet(true)) {
      LOG.warn("kafka: {}: {}", what, settings.scrub(String.valueOf(cause)));
    }
  }

  /** Nothing is held here: the producer sends within linger.ms by itself. */
  @Override
  public void flush() {
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException {
    try {
      if (reader == null) {
        reader = new WindowReader(settings.consumerConfig(), settings.disorderMs(), clients.lateness());
      }
      String topic = layout.topic(substation);
      Integer partitions = partitionCounts.get(topic);
      if (partitions == null) {
        partitions = reader.partitions(topic);
        if (partitions == 0) {
          throw new DBException("kafka: topic " + topic + " does not exist");
        }
        partitionCounts.put(topic, partitions);
      }
      TopicPartition tp = new TopicPartition(topic, layout.partition(substation, sensor, partitions));
      return reader.read(fn, tp, substation, sensor, fromMicros, toMicros);
    } catch (WindowReader.WindowTimeoutException | KafkaException | IllegalArgumentException
             | IllegalStateException e) {
      throw new DBException("kafka: window query failed: " + settings.scrub(String.valueOf(e.getMessage())));
    }
  }

  @Override
  public void cleanup() {
    if (clients == null) {
      return;
    }
    if (reader != null) {
      reader.close();
      reader = null;
    }
    clients.release();
    clients = null;
  }
}

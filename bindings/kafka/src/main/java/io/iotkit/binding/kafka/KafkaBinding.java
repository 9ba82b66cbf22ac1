package io.iotkit.binding.kafka;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.Replication;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.settings.BadPropertyException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Stores readings in Kafka: one topic per iteration, one partition per substation ({@link TopicLayout}), one
 * record per reading ({@link ReadingCodec}), sent by an idempotent producer with acks=all.
 *
 * <p>Acknowledgement: a send is asynchronous, so {@link #insert} returns BATCHED_OK while this object's sends
 * are outstanding; every {@value KafkaSettings#BATCH_SIZE} sends (default 1,000), and in {@link #flush}, it waits
 * for all of them and returns OK only if every one was acknowledged by all in-sync replicas, else ERROR for the
 * whole batch. Threads share the JVM's producer ({@link SharedClients}) but each object settles only its own
 * sends, so every thread's count is its own.
 *
 * <p>Queries: {@link WindowReader}. Data check: offsets of the iteration's topic. Purge: delete the kit's topics;
 * the next {@link #prepare} creates the next iteration's.
 */
public final class KafkaBinding extends KitBinding {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaBinding.class);
  /** The driver instance's substation (a property the driver gives every binding of an instance). */
  static final String SUBSTATION_HINT = KitBinding.SUBSTATION;

  private KafkaSettings settings;
  private TopicLayout layout;
  private SharedClients clients;
  private WindowReader reader;
  private final Map<String, Integer> partitionCounts = new HashMap<>();
  /** The substations of the last {@link #prepare}, whose layout {@link #dataLayout} reads. */
  private List<String> prepared = List.of();

  private final List<Future<RecordMetadata>> pending = new ArrayList<>();
  private boolean sendFailed;
  private String sendingPrefix;
  private String sendingTopic;
  private int sendingPartition;

  @Override
  public void init() throws DBException {
    try {
      settings = KafkaSettings.from(getProperties());
    } catch (IllegalArgumentException e) {
      throw new DBException("kafka: " + e.getMessage(), e);
    }
    layout = new TopicLayout(settings.topicPrefix());
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
          + " (KitBinding.prepare)");
    }
    partitionCounts.put(topic, partitions);
    target(substation);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      if (sendingPrefix == null || !key.startsWith(sendingPrefix)) {
        target(key.substring(0, key.indexOf(ReadingFormat.SEPARATOR)));
      }
      byte[] value = ReadingCodec.value(values.get(ReadingFormat.VALUE).toArray(),
          values.get(ReadingFormat.UNIT).toArray(), values.get(ReadingFormat.PADDING).toArray());
      long timestamp = ReadingCodec.timestampMs(ReadingFormat.micros(key));
      pending.add(clients.producer().send(new ProducerRecord<>(sendingTopic, sendingPartition, timestamp,
          ReadingCodec.key(key), value)));
      clients.lateness().sent(timestamp, System.currentTimeMillis());
    } catch (DBException | RuntimeException e) {
      // The reading never reached the producer: this batch fails, counted, not hidden.
      if (!sendFailed) {
        LOG.warn("kafka: a send failed: {}", settings.scrub(String.valueOf(e.getMessage())));
      }
      sendFailed = true;
    }
    return sendFailed || pending.size() >= settings.batchSize() ? settle() : Status.BATCHED_OK;
  }

  /** Where this thread's readings go; a thread writes one substation, so this runs once. */
  private void target(String substation) throws DBException {
    String topic = layout.topic(substation);
    int partitions = clients.producer().partitionsFor(topic).size();
    if (partitions == 0) {
      throw new DBException("topic " + topic + " has no partitions");
    }
    sendingTopic = topic;
    sendingPartition = TopicLayout.partition(substation, partitions);
    sendingPrefix = ReadingFormat.substationPrefix(substation);
  }

  @Override
  public Status flush() {
    return pending.isEmpty() && !sendFailed ? Status.OK : settle();
  }

  /** Waits for every outstanding send of this object: OK if all were acknowledged, ERROR if any was not. */
  private Status settle() {
    boolean ok = !sendFailed;
    for (Future<RecordMetadata> f : pending) {
      try {
        f.get(); // completes within the producer's delivery.timeout.ms
      } catch (ExecutionException e) {
        if (ok) {
          LOG.warn("kafka: a batch was not acknowledged: {}", settings.scrub(String.valueOf(e.getCause())));
        }
        ok = false;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ok = false;
        break;
      }
    }
    pending.clear();
    sendFailed = false;
    return ok ? Status.OK : Status.ERROR;
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
      TopicPartition tp = new TopicPartition(topic, TopicLayout.partition(substation, partitions));
      return reader.read(fn, tp, substation, sensor, fromMicros, toMicros);
    } catch (WindowReader.WindowTimeoutException | KafkaException | IllegalArgumentException e) {
      throw new DBException("kafka: window query failed: " + settings.scrub(String.valueOf(e.getMessage())));
    }
  }

  /**
   * Creates the iteration's topic, after checking that every substation gets a partition of its own; a
   * {@value KafkaSettings#PARTITIONS} too small for that is a bad property (one line, before anything is written).
   */
  @Override
  public void prepare(List<String> substations) throws DBException {
    try {
      layout.checkOwnPartitions(substations, settings.partitions());
    } catch (BadPropertyException e) {
      throw new DBException("kafka: " + e.getMessage(), e);
    }
    admin().create(topics(substations));
    prepared = List.copyOf(substations);
  }

  /** The prepared topic as the cluster describes it ({@link DataLayout}). */
  @Override
  public Map<String, String> dataLayout() throws DBException {
    return DataLayout.read(clients.admin(), settings, layout, prepared);
  }

  @Override
  public Replication replication() throws DBException {
    return admin().replication();
  }

  /** The readings in these substations' partitions, each partition counted once. */
  @Override
  public long countReadings(List<String> substations) throws DBException {
    Map<TopicPartition, Long> partitions = admin().countPerPartition(topics(substations));
    Set<TopicPartition> theirs = new LinkedHashSet<>();
    for (String s : substations) {
      theirs.add(partitionOf(s, partitions.keySet()));
    }
    return theirs.stream().mapToLong(tp -> partitions.getOrDefault(tp, 0L)).sum();
  }

  /** One offsets request for all of them: each substation's count is its own partition's. */
  @Override
  public Map<String, Long> countReadingsPerSubstation(List<String> substations) throws DBException {
    Map<TopicPartition, Long> partitions = admin().countPerPartition(topics(substations));
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String s : substations) {
      counts.put(s, partitions.getOrDefault(partitionOf(s, partitions.keySet()), 0L));
    }
    return counts;
  }

  /** The partition a substation writes to, among the partitions its iteration's topic has ({@link TopicLayout}). */
  private TopicPartition partitionOf(String substation, Set<TopicPartition> existing) {
    String topic = layout.topic(substation);
    int partitions = (int) existing.stream().filter(tp -> tp.topic().equals(topic)).count();
    return new TopicPartition(topic, TopicLayout.partition(substation, Math.max(partitions, 1)));
  }

  /** The brokers' changed configs and the cluster's feature levels ({@link BrokerSettings}); no version. */
  @Override
  public Map<String, String> sutSettings() throws DBException {
    return BrokerSettings.read(clients.admin(), settings);
  }

  /** One describeCluster request: the controller must answer with the brokers it knows. */
  @Override
  public void ping() throws DBException {
    try {
      clients.admin().describeCluster(new org.apache.kafka.clients.admin.DescribeClusterOptions()
          .timeoutMs(SharedClients.REQUEST_TIMEOUT_MS)).nodes().get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw new DBException("kafka: " + settings.scrub(String.valueOf(e.getCause().getMessage())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("kafka: interrupted");
    }
  }

  @Override
  public void purge() throws DBException {
    admin().deleteKitTopics();
  }

  private TopicAdmin admin() {
    return new TopicAdmin(clients.admin(), settings, layout);
  }

  /** The iteration topics of these substations (the master always passes one whole iteration's). */
  private Set<String> topics(List<String> substations) throws DBException {
    Set<String> topics = new LinkedHashSet<>();
    try {
      for (String s : substations) {
        topics.add(layout.topic(s));
      }
    } catch (IllegalArgumentException e) {
      throw new DBException("kafka: " + e.getMessage());
    }
    return topics;
  }

  @Override
  public void cleanup() throws DBException {
    if (clients == null) {
      return;
    }
    Status settled = flush();
    if (reader != null) {
      reader.close();
      reader = null;
    }
    clients.release();
    clients = null;
    if (!settled.isOk()) {
      throw new DBException("kafka: readings sent at cleanup were not acknowledged");
    }
  }
}

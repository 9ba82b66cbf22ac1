package io.iotkit.binding.kafka;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.Replication;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.settings.BadPropertyException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
          + " (KitBinding.prepare)");
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

  /**
   * Creates the iteration's topic with S partitions for each substation slot, after checking that every
   * substation gets a slot of its own; a {@value KafkaSettings#PARTITIONS} too small for that is a bad property
   * (one line, before anything is written). Unset, the topic has one slot per substation of its iteration.
   */
  @Override
  public void prepare(List<String> substations) throws DBException {
    Map<String, List<String>> byTopic = new LinkedHashMap<>();
    try {
      for (String s : substations) {
        byTopic.computeIfAbsent(layout.topic(s), t -> new java.util.ArrayList<>()).add(s);
      }
    } catch (IllegalArgumentException e) {
      throw new DBException("kafka: " + e.getMessage());
    }
    Map<String, Integer> partitions = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : byTopic.entrySet()) {
      int slots = settings.partitions().orElse(e.getValue().size());
      try {
        layout.checkOwnPartitions(e.getValue(), slots);
        partitions.put(e.getKey(), layout.topicPartitions(slots));
      } catch (BadPropertyException | ArithmeticException ex) {
        throw new DBException("kafka: " + ex.getMessage(), ex);
      }
    }
    admin().create(partitions);
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
      theirs.addAll(partitionsOf(s, partitions.keySet()));
    }
    return theirs.stream().mapToLong(tp -> partitions.getOrDefault(tp, 0L)).sum();
  }

  /** One offsets request for all of them: each substation's count is the sum of its own S partitions'. */
  @Override
  public Map<String, Long> countReadingsPerSubstation(List<String> substations) throws DBException {
    Map<TopicPartition, Long> partitions = admin().countPerPartition(topics(substations));
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String s : substations) {
      counts.put(s, partitionsOf(s, partitions.keySet()).stream().mapToLong(tp -> partitions.getOrDefault(tp, 0L))
          .sum());
    }
    return counts;
  }

  /**
   * The partitions a substation writes to, among those its iteration's topic has ({@link TopicLayout}); none if
   * the topic does not exist.
   */
  private List<TopicPartition> partitionsOf(String substation, Set<TopicPartition> existing) throws DBException {
    String topic = layout.topic(substation);
    int partitions = (int) existing.stream().filter(tp -> tp.topic().equals(topic)).count();
    if (partitions == 0) {
      return List.of();
    }
    try {
      return layout.partitions(substation, partitions).mapToObj(p -> new TopicPartition(topic, p)).toList();
    } catch (IllegalStateException e) {
      throw new DBException("kafka: " + e.getMessage());
    }
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
    if (reader != null) {
      reader.close();
      reader = null;
    }
    clients.release();
    clients = null;
  }
}

package io.iotkit.binding.kafka;

import io.iotkit.binding.DeliverySink;
import io.iotkit.binding.DeliveryWatch;
import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.settings.BadPropertyException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import site.ycsb.DBException;

/**
 * Kafka as the master uses it: one topic per iteration, created before it with S partitions per substation
 * ({@link TopicLayout}); the data check counts each substation's partitions by their offsets; the purge deletes
 * the kit's topics; replication, broker settings and the ping come from the cluster's admin API.
 */
final class KafkaAdmin implements StoreAdmin {
  private final KafkaSettings settings;
  private final TopicLayout layout;
  private final SharedClients clients;
  /** The substations of the last {@link #prepare}, whose layout {@link #dataLayout} reads. */
  private List<String> prepared = List.of();

  private KafkaAdmin(KafkaSettings settings, SharedClients clients) {
    this.settings = settings;
    this.layout = new TopicLayout(settings.topicPrefix(), settings.perSubstation());
    this.clients = clients;
  }

  static KafkaAdmin open(Properties properties) throws DBException {
    KafkaSettings settings;
    try {
      settings = KafkaSettings.from(properties);
    } catch (IllegalArgumentException e) {
      throw new DBException("kafka: " + e.getMessage(), e);
    }
    return new KafkaAdmin(settings, SharedClients.acquire(settings));
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

  /**
   * A consumer of the iteration's partitions on the master ({@link DeliveryReader}): Kafka delivers to readers, so
   * the kit measures end-to-end latency, producer to a consumer's poll.
   */
  @Override
  public Optional<DeliveryWatch> watchDeliveries(List<String> substations, DeliverySink sink) throws DBException {
    Set<String> topics = topics(substations);
    Map<TopicPartition, Long> partitions = admin().countPerPartition(topics);
    if (partitions.isEmpty()) {
      throw new DBException("kafka: the iteration's topics " + topics + " have no partitions to read");
    }
    return Optional.of(new DeliveryReader(settings.consumerConfig(), partitions.keySet(), sink,
        () -> admin().countPerPartition(topics)));
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

  /** The in-sync replicas of every partition of the iteration's topics. */
  @Override
  public Optional<LiveCopies> liveCopies(List<String> substations) throws DBException {
    return Optional.of(admin().liveCopies(topics(substations)));
  }

  /** One offsets request for all of them: each substation's count is the sum of its own S partitions'. */
  @Override
  public Map<String, Long> countReadings(List<String> substations) throws DBException {
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

  /**
   * The KRaft metadata quorum's leader epoch: every election raises it, and a restart of the cluster's controllers
   * (which a restart of the kit's local cluster, or of a whole cluster, is) elects a leader anew. Brokers report no
   * start of their own over the admin API. Empty for a cluster without a KRaft quorum (ZooKeeper mode).
   */
  @Override
  public Map<String, String> serverStarts() throws DBException {
    try {
      var quorum = clients.admin().describeMetadataQuorum(new org.apache.kafka.clients.admin
          .DescribeMetadataQuorumOptions().timeoutMs(SharedClients.REQUEST_TIMEOUT_MS)).quorumInfo().get();
      return Map.of("metadata quorum", "leader epoch " + quorum.leaderEpoch());
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof org.apache.kafka.common.errors.UnsupportedVersionException) {
        return Map.of();
      }
      throw new DBException("kafka: cannot read the metadata quorum: "
          + settings.scrub(String.valueOf(e.getCause().getMessage())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("kafka: interrupted");
    }
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
  public void close() {
    clients.release();
  }
}

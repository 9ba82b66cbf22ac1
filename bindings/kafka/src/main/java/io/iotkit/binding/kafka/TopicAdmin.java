package io.iotkit.binding.kafka;

import io.iotkit.binding.settings.BadPropertyException;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.Replication;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.DeleteTopicsOptions;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import site.ycsb.DBException;

/**
 * The master's side of the binding: creates an iteration's topic, counts its readings from offsets, deletes the
 * kit's topics, and asks the cluster for the replication of a topic created as the kit creates them.
 */
final class TopicAdmin {
  private static final long TIMEOUT_S = 60;
  private static final int DELETE_TIMEOUT_MS = 15_000;
  private static final int LIST_OFFSETS_TIMEOUT_MS = 15_000;

  private final Admin admin;
  private final KafkaSettings settings;
  private final TopicLayout layout;

  TopicAdmin(Admin admin, KafkaSettings settings, TopicLayout layout) {
    this.admin = admin;
    this.settings = settings;
    this.layout = layout;
  }

  /** Creates the topics (if missing) with these partitions, the configured replication and configs; waits for leaders. */
  void create(Map<String, Integer> partitions) throws DBException {
    Collection<String> topics = partitions.keySet();
    List<NewTopic> list = new ArrayList<>();
    for (String t : new TreeSet<>(topics)) {
      list.add(new NewTopic(t, java.util.Optional.of(partitions.get(t)), settings.replicationFactor())
          .configs(settings.topicConfigs()));
    }
    for (Map.Entry<String, KafkaFuture<Void>> e : admin.createTopics(list).values().entrySet()) {
      try {
        get(e.getValue());
      } catch (ExecutionException ex) {
        if (ex.getCause() instanceof InvalidConfigurationException
            || ex.getCause() instanceof InvalidReplicationFactorException) {
          // The broker checks topic settings (kafka.topic.*); the client has no definitions of them to check first.
          BadPropertyException bad = new BadPropertyException("the cluster refused topic " + e.getKey()
              + " as kafka.topic.* set it: " + settings.scrub(ex.getCause().getMessage()));
          throw new DBException("kafka: " + bad.getMessage(), bad);
        }
        if (!(ex.getCause() instanceof TopicExistsException)) {
          throw failed("cannot create topic " + e.getKey(), ex);
        }
      }
    }
    awaitLeaders(topics);
  }

  /**
   * Waits until every partition's leader serves it. The controller names a leader before the broker has taken the
   * partition on, and a first produce in that gap fails with NOT_LEADER_OR_FOLLOWER, after which an idempotent
   * producer can be left retrying out-of-order sequences until its delivery timeout. A ListOffsets request is
   * answered only by a serving leader, so its success is the sign.
   */
  private void awaitLeaders(Collection<String> topics) throws DBException {
    long deadline = System.currentTimeMillis() + TIMEOUT_S * 1_000;
    while (true) {
      try {
        Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
        boolean named = true;
        for (TopicDescription d : get(admin.describeTopics(topics).allTopicNames()).values()) {
          for (TopicPartitionInfo p : d.partitions()) {
            named &= p.leader() != null && !p.leader().isEmpty();
            partitions.put(new TopicPartition(d.name(), p.partition()), OffsetSpec.latest());
          }
        }
        if (named) {
          get(admin.listOffsets(partitions).all());
          return;
        }
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof RetriableException) || System.currentTimeMillis() > deadline) {
          throw failed("topics " + topics + " did not become available", e);
        }
      }
      if (System.currentTimeMillis() > deadline) {
        throw new DBException("kafka: topics " + topics + " have partitions without a serving leader after "
            + TIMEOUT_S + " s");
      }
      sleep(100);
    }
  }

  /**
   * Readings stored in each partition of these topics: end offset minus beginning offset. Exact for the kit's
   * topics, which hold nothing else, written by an idempotent, non-transactional producer (no duplicates, no
   * control records). A topic that does not exist has no partitions here.
   */
  Map<TopicPartition, Long> countPerPartition(Collection<String> topics) throws DBException {
    try {
      return agreed(() -> countOnce(topics));
    } catch (ExecutionException e) {
      throw failed("cannot read the offsets of " + topics, e);
    }
  }

  /** A request to the cluster that may meet a broker not yet told of a topic's creation or deletion. */
  interface MetadataRequest<T> {
    T run() throws ExecutionException, DBException;
  }

  /**
   * The request's answer once the brokers agree: they learn of a topic's creation or deletion one after the
   * other, so just after a create (or a purge) the broker that answers may not know a topic another has described,
   * or the admin client may wait in vain for the leader of a partition that is going away. Such a request is made
   * again, for up to {@value #TIMEOUT_S} s.
   */
  static <T> T agreed(MetadataRequest<T> request) throws ExecutionException, DBException {
    long deadline = System.currentTimeMillis() + TIMEOUT_S * 1_000;
    while (true) {
      try {
        return request.run();
      } catch (ExecutionException e) {
        boolean unsettled = e.getCause() instanceof UnknownTopicOrPartitionException
            || e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException;
        if (!unsettled || System.currentTimeMillis() > deadline) {
          throw e;
        }
      }
      sleep(200);
    }
  }

  private Map<TopicPartition, Long> countOnce(Collection<String> topics) throws DBException, ExecutionException {
    Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    for (String t : new TreeSet<>(topics)) {
      TopicDescription d;
      try {
        d = get(admin.describeTopics(List.of(t)).allTopicNames()).get(t);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof UnknownTopicOrPartitionException) {
          continue;
        }
        throw failed("cannot describe topic " + t, e);
      }
      for (TopicPartitionInfo p : d.partitions()) {
        TopicPartition tp = new TopicPartition(t, p.partition());
        earliest.put(tp, OffsetSpec.earliest());
        latest.put(tp, OffsetSpec.latest());
      }
    }
    if (earliest.isEmpty()) {
      return Map.of();
    }
    // Short: a topic deleted since it was described has no leaders to ask, and the count is then taken again.
    ListOffsetsOptions options = new ListOffsetsOptions().timeoutMs(LIST_OFFSETS_TIMEOUT_MS);
    Map<TopicPartition, ListOffsetsResultInfo> begin = get(admin.listOffsets(earliest, options).all());
    Map<TopicPartition, ListOffsetsResultInfo> end = get(admin.listOffsets(latest, options).all());
    Map<TopicPartition, Long> counts = new HashMap<>();
    for (TopicPartition tp : earliest.keySet()) {
      counts.put(tp, end.get(tp).offset() - begin.get(tp).offset());
    }
    return counts;
  }

  /** Deletes every topic of the kit (the prefix's), and waits until the cluster no longer lists them. */
  List<String> deleteKitTopics() throws DBException {
    List<String> mine = kitTopics();
    if (mine.isEmpty()) {
      return mine;
    }
    long deadline = System.currentTimeMillis() + TIMEOUT_S * 1_000;
    List<String> left = mine;
    while (!left.isEmpty()) {
      if (System.currentTimeMillis() > deadline) {
        throw new DBException("kafka: topics " + left + " still exist " + TIMEOUT_S + " s after deletion");
      }
      requestDeletion(left);
      long asked = System.currentTimeMillis();
      // Asked again after a while: what counts is that the topics are gone, not that the request was answered.
      while (!(left = kitTopics()).isEmpty() && System.currentTimeMillis() - asked < DELETE_TIMEOUT_MS) {
        sleep(100);
      }
    }
    return mine;
  }

  /**
   * Asks the controller to delete the topics. An unanswered request is no failure: a cluster that has just lost a
   * broker may leave the answer to a deletion it made unsent, so the caller looks whether the topics are gone.
   */
  private void requestDeletion(List<String> topics) throws DBException {
    try {
      get(admin.deleteTopics(topics, new DeleteTopicsOptions().timeoutMs(DELETE_TIMEOUT_MS)).all());
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof UnknownTopicOrPartitionException)
          && !(e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException)) {
        throw failed("cannot delete topics " + topics, e);
      }
    }
  }

  private List<String> kitTopics() throws DBException {
    try {
      Set<String> names = get(admin.listTopics().names());
      return names.stream().filter(layout::isKitTopic).sorted().toList();
    } catch (ExecutionException e) {
      throw failed("cannot list topics", e);
    }
  }

  /**
   * Creates a probe topic exactly as an iteration's topic is created, reads back the replication factor the
   * cluster gave it and its effective min.insync.replicas, and deletes it again.
   */
  Replication replication() throws DBException {
    String probe = layout.probeTopic();
    create(Map.of(probe, 1));
    try {
      TopicDescription d = agreed(() -> get(admin.describeTopics(List.of(probe)).allTopicNames()).get(probe));
      int factor = d.partitions().stream().mapToInt(p -> p.replicas().size()).min().orElse(0);
      ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, probe);
      Config config = agreed(() -> get(admin.describeConfigs(List.of(r)).all()).get(r));
      ConfigEntry minIsr = config.get("min.insync.replicas");
      return new Replication(factor, source(probe, factor, minIsr));
    } catch (ExecutionException e) {
      throw failed("cannot describe the replication of topic " + probe, e);
    } finally {
      try {
        requestDeletion(List.of(probe));
      } catch (DBException e) {
        // the probe stays; the next purge deletes it with the kit's other topics
      }
    }
  }

  /**
   * The iteration's topics as the cluster describes them now: the fewest in-sync replicas of any partition is the
   * number of copies every reading has (a replica out of the in-sync set may lack the latest).
   */
  LiveCopies liveCopies(Collection<String> topics) throws DBException {
    try {
      Map<String, TopicDescription> described = agreed(() -> get(admin.describeTopics(topics).allTopicNames()));
      int partitions = 0;
      int fewestReplicas = Integer.MAX_VALUE;
      int fewestInSync = Integer.MAX_VALUE;
      for (TopicDescription d : described.values()) {
        for (var p : d.partitions()) {
          partitions++;
          fewestReplicas = Math.min(fewestReplicas, p.replicas().size());
          fewestInSync = Math.min(fewestInSync, p.isr().size());
        }
      }
      if (partitions == 0) {
        return new LiveCopies(0, "could not tell: topics " + topics + " have no partitions");
      }
      List<ConfigResource> resources = topics.stream().map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t))
          .toList();
      Map<ConfigResource, Config> configs = agreed(() -> get(admin.describeConfigs(resources).all()));
      String minIsr = configs.values().stream().map(c -> c.get("min.insync.replicas"))
          .map(e -> e == null ? "unknown" : e.value()).distinct().sorted().reduce((a, b) -> a + "/" + b)
          .orElse("unknown");
      return new LiveCopies(fewestInSync, partitions + " partition(s) of " + String.join(", ", topics) + ": at least "
          + fewestReplicas + " replicas each, at least " + fewestInSync + " in sync; min.insync.replicas=" + minIsr);
    } catch (ExecutionException e) {
      throw failed("cannot describe the replicas of " + topics, e);
    }
  }

  /** The report's explanation of the replication figure. */
  static String source(String probe, int factor, ConfigEntry minIsr) {
    StringBuilder s = new StringBuilder("replicas Kafka assigned to topic ").append(probe)
        .append(", created as the kit creates its topics");
    if (minIsr == null) {
      return s.append("; min.insync.replicas unknown").toString();
    }
    int isr;
    try {
      isr = Integer.parseInt(minIsr.value());
    } catch (NumberFormatException e) {
      return s.append("; min.insync.replicas ").append(minIsr.value()).toString();
    }
    s.append("; min.insync.replicas=").append(isr).append(" (").append(origin(minIsr.source())).append(')');
    // Kafka caps min.insync.replicas at the replica count: with fewer replicas, acks=all needs only those.
    int effective = Math.min(isr, factor);
    if (effective < isr) {
      s.append(", in effect ").append(effective).append(" with ").append(factor).append(" replica(s)");
    }
    if (effective < 2) {
      s.append(", below 2: acks=all acknowledges a reading while only one replica has it");
    } else {
      s.append(": acks=all acknowledges a reading only when at least ").append(effective)
          .append(" replicas have it");
    }
    return s.toString();
  }

  /** Where a setting's value comes from, in the report's words. */
  static String origin(ConfigEntry.ConfigSource source) {
    return switch (source) {
      case DYNAMIC_TOPIC_CONFIG -> "topic setting";
      case DYNAMIC_BROKER_CONFIG, DYNAMIC_DEFAULT_BROKER_CONFIG, STATIC_BROKER_CONFIG -> "broker setting";
      case DEFAULT_CONFIG -> "Kafka default";
      default -> source.name().toLowerCase();
    };
  }

  private DBException failed(String what, ExecutionException e) {
    return new DBException("kafka: " + what + ": " + ConnectionErrors.cause(settings, e.getCause()));
  }

  /**
   * The request's answer. Waits a little longer than the admin client's own limit on a call (60 s by default), so
   * that its error, which names the call and what it waited for, is the one reported.
   */
  static <T> T get(KafkaFuture<T> f) throws ExecutionException, DBException {
    try {
      return f.get(TIMEOUT_S + 15, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("kafka: interrupted");
    } catch (java.util.concurrent.TimeoutException e) {
      throw new DBException("kafka: no answer from the cluster within " + (TIMEOUT_S + 15) + " s");
    }
  }

  private static void sleep(long ms) throws DBException {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("kafka: interrupted");
    }
  }
}

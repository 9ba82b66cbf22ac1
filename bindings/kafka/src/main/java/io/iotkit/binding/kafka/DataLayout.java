package io.iotkit.binding.kafka;

import io.iotkit.binding.SensorNumbers;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import site.ycsb.DBException;

/**
 * How an iteration's readings lie in Kafka, read back from the cluster after the kit created the iteration's
 * topic, for the full disclosure report: the topic, its partitions and which substation and sensor writes which, the
 * replicas Kafka assigned and how many are in sync, where the partition leaders are, and min.insync.replicas and
 * the topic's own settings with where each comes from.
 */
final class DataLayout {
  /** Substations listed one by one up to this many; the rule in "partitions" covers the rest. */
  private static final int LISTED = 16;

  private DataLayout() {
  }

  /** The layout of the topics these substations write to. */
  static Map<String, String> read(Admin admin, KafkaSettings settings, TopicLayout layout, List<String> substations)
      throws DBException {
    Map<String, List<String>> byTopic = new TreeMap<>();
    for (String s : substations) {
      byTopic.computeIfAbsent(layout.topic(s), t -> new ArrayList<>()).add(s);
    }
    if (byTopic.isEmpty()) {
      return Map.of();
    }
    try {
      Map<String, TopicDescription> topics = TopicAdmin.agreed(
          () -> TopicAdmin.get(admin.describeTopics(byTopic.keySet()).allTopicNames()));
      List<ConfigResource> resources = byTopic.keySet().stream()
          .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
      Map<ConfigResource, Config> configs = TopicAdmin.agreed(
          () -> TopicAdmin.get(admin.describeConfigs(resources).all()));
      Map<String, String> m = new LinkedHashMap<>();
      for (ConfigResource r : resources) {
        String prefix = byTopic.size() == 1 ? "" : r.name() + " ";
        describe(topics.get(r.name()), configs.get(r), layout, byTopic.get(r.name()))
            .forEach((k, v) -> m.put(prefix + k, v));
      }
      return m;
    } catch (ExecutionException e) {
      throw new DBException("kafka: cannot read the layout of topics " + byTopic.keySet() + ": "
          + ConnectionErrors.cause(settings, e.getCause()));
    }
  }

  /** One topic's layout, from what the cluster said of it. */
  static Map<String, String> describe(TopicDescription topic, Config config, TopicLayout layout,
                                      List<String> substations) {
    Map<String, String> m = new LinkedHashMap<>();
    List<TopicPartitionInfo> partitions = topic.partitions();
    int n = partitions.size();
    int per = layout.perSubstation();
    int slots = layout.slots(topic.name(), n);
    m.put("topic", topic.name());
    long used = substations.stream().map(s -> TopicLayout.slot(s, slots)).distinct().count();
    m.put("partitions", n + " = " + slots + " substation slot(s) x " + per + " (substation number mod " + slots
        + " picks a substation's slot k, which owns partitions k*" + per + " to k*" + per + "+" + (per - 1)
        + "; " + used + " slot(s) written by " + substations.size() + " substation(s), " + (slots - used)
        + " empty)");
    int sensors = SensorNumbers.COUNT;
    m.put("sensor partitions", per == 1 ? "1 per substation: a query reads all its substation's readings in the window"
        : "sensor number (0-" + (sensors - 1) + ", catalog order) mod " + per + " picks a sensor's partition among"
        + " its substation's " + per + ": " + (per >= sensors ? "one partition per sensor"
        : "up to " + (sensors + per - 1) / per + " sensors per partition"));
    String listed = substations.stream().limit(LISTED).map(s -> s + " -> " + range(layout, s, n))
        .collect(Collectors.joining(", "));
    m.put("substation partitions", substations.size() > LISTED
        ? listed + ", ... (" + substations.size() + " substations)" : listed);

    IntSummaryStatistics replicas = partitions.stream().mapToInt(p -> p.replicas().size()).summaryStatistics();
    String factor = replicas.getMin() == replicas.getMax() ? Integer.toString(replicas.getMin())
        : replicas.getMin() + " to " + replicas.getMax();
    m.put("replication factor", factor + " (replicas of each partition, as Kafka assigned them)");
    long inSync = partitions.stream().mapToLong(p -> p.isr().size()).sum();
    m.put("replicas in sync", inSync + " of " + replicas.getSum());
    Map<String, Long> leaders = new TreeMap<>(partitions.stream().collect(Collectors.groupingBy(
        p -> p.leader() == null || p.leader().isEmpty() ? "no leader" : "broker " + p.leader().id(),
        Collectors.counting())));
    m.put("partition leaders", leaders.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
        .collect(Collectors.joining(", ")));

    if (config != null) {
      ConfigEntry minIsr = config.get("min.insync.replicas");
      if (minIsr != null) {
        m.put("min.insync.replicas", minIsr.value() + " (" + TopicAdmin.origin(minIsr.source()) + ")");
      }
      // The topic's own settings (retention, and any kafka.topic.config.*), sorted by name.
      config.entries().stream().filter(e -> e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG)
          .filter(e -> !e.isSensitive() && !e.name().equals("min.insync.replicas"))
          .sorted((a, b) -> a.name().compareTo(b.name()))
          .forEach(e -> m.put(e.name(), e.value() + " (" + TopicAdmin.origin(e.source()) + ")"));
    }
    return m;
  }

  /** A substation's partitions, as first..last. */
  private static String range(TopicLayout layout, String substation, int partitions) {
    IntSummaryStatistics range = layout.partitions(substation, partitions).summaryStatistics();
    return range.getMin() == range.getMax() ? Integer.toString(range.getMin())
        : range.getMin() + ".." + range.getMax();
  }
}

package io.iotkit.binding.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConfigEntry.ConfigSource;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.Test;

class DataLayoutTest {
  private static final Node B1 = new Node(1, "h", 1);
  private static final Node B2 = new Node(2, "h", 2);
  private static final Node B3 = new Node(3, "h", 3);

  private static ConfigEntry entry(String name, String value, ConfigSource source) {
    return new ConfigEntry(name, value, source, false, false, List.of(), ConfigEntry.ConfigType.STRING, null);
  }

  @Test
  void threeBrokersOneLostFollower() {
    List<TopicPartitionInfo> partitions = new ArrayList<>();
    List<Node> all = List.of(B1, B2, B3);
    for (int i = 0; i < 4; i++) {
      Node leader = all.get(i % 3);
      // partition 3 has lost a follower from its in-sync replicas, partition 2 its leader
      List<Node> isr = i == 3 ? List.of(B1, B2) : all;
      partitions.add(new TopicPartitionInfo(i, i == 2 ? null : leader, all, isr));
    }
    Config config = new Config(List.of(entry("min.insync.replicas", "2", ConfigSource.STATIC_BROKER_CONFIG),
        entry("retention.ms", "-1", ConfigSource.DYNAMIC_TOPIC_CONFIG),
        entry("segment.bytes", "1073741824", ConfigSource.DEFAULT_CONFIG)));
    Map<String, String> m = DataLayout.describe(new TopicDescription("iot-r-1", false, partitions), config,
        new TopicLayout("iot", 2), List.of("r-1-000"));
    assertEquals("iot-r-1", m.get("topic"));
    assertEquals("4 = 2 substation slot(s) x 2 (substation number mod 2 picks a substation's slot k, which owns"
        + " partitions k*2 to k*2+1; 1 slot(s) written by 1 substation(s), 1 empty)", m.get("partitions"));
    assertEquals("sensor number (0-199, catalog order) mod 2 picks a sensor's partition among its substation's 2:"
        + " up to 100 sensors per partition", m.get("sensor partitions"));
    assertEquals("r-1-000 -> 0..1", m.get("substation partitions"));
    assertEquals("3 (replicas of each partition, as Kafka assigned them)", m.get("replication factor"));
    assertEquals("11 of 12", m.get("replicas in sync"));
    assertEquals("broker 1: 2, broker 2: 1, no leader: 1", m.get("partition leaders"));
    assertEquals("2 (broker setting)", m.get("min.insync.replicas"));
    assertEquals("-1 (topic setting)", m.get("retention.ms"));
    assertFalse(m.containsKey("segment.bytes"), "Kafka's defaults are not the topic's settings");
  }

  @Test
  void manySubstationsAreCutShort() {
    List<String> subs = new ArrayList<>();
    List<TopicPartitionInfo> partitions = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      subs.add(String.format("r-1-%03d", i));
      partitions.add(new TopicPartitionInfo(i, B1, List.of(B1, B2), List.of(B1)));
    }
    Map<String, String> m = DataLayout.describe(new TopicDescription("iot-r-1", false, partitions), null,
        new TopicLayout("iot", 1), subs);
    assertEquals(true, m.get("substation partitions").endsWith("r-1-015 -> 15, ... (20 substations)"));
    assertEquals("1 per substation: a query reads all its substation's readings in the window",
        m.get("sensor partitions"));
    assertEquals("2 (replicas of each partition, as Kafka assigned them)", m.get("replication factor"));
    assertEquals("20 of 40", m.get("replicas in sync"));
  }
}

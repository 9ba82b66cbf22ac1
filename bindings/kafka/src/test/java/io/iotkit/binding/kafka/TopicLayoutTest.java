package io.iotkit.binding.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TopicLayoutTest {
  private final TopicLayout layout = new TopicLayout("iot", 200);

  @Test
  void oneTopicPerIteration() {
    assertEquals("iot-t5k2mq-1", layout.topic("t5k2mq-1-007"));
    assertEquals("iot-t5k2mq-1", layout.topic("t5k2mq-1-000"));
    assertEquals("iot-t5k2mq-2", layout.topic("t5k2mq-2-007"));
    assertEquals("iot-s0", layout.topic("s0"), "a key without a trailing number is its own topic");
    assertEquals("iot-loss-x", layout.topic("loss-x"));
  }

  @Test
  void substationNumberChoosesTheSlot() {
    assertEquals(7, TopicLayout.slot("t5k2mq-1-007", 16));
    assertEquals(1, TopicLayout.slot("t5k2mq-1-017", 16));
    assertEquals(0, TopicLayout.slot("t5k2mq-1-000", 1));
    for (String s : new String[] {"s0", "abc", "x-y", "-"}) {
      int p = TopicLayout.slot(s, 5);
      assertTrue(p >= 0 && p < 5, s + " -> " + p);
      assertEquals(p, TopicLayout.slot(s, 5), "stable");
    }
  }

  @Test
  void everySensorOfTheCatalogHasAPartitionOfItsOwn() {
    int topicPartitions = layout.topicPartitions(3); // three substations
    assertEquals(600, topicPartitions);
    Set<Integer> seen = new HashSet<>();
    for (int i = 1; i <= 10; i++) {
      for (String type : new String[] {"ltc-gassing", "breaker-operations", "pmu-angle"}) {
        String sensor = String.format("%s-%02d", type, i);
        int p = layout.partition("r-1-001", sensor, topicPartitions);
        assertTrue(p >= 200 && p < 400, sensor + " -> " + p + ", outside substation 1's partitions");
        assertTrue(seen.add(p), sensor + " shares partition " + p);
      }
    }
    assertEquals(0, layout.partition("r-1-000", "ltc-gassing-01", topicPartitions), "sensor 0 of substation 0");
    assertEquals(599, layout.partition("r-1-002", "breaker-operations-10", topicPartitions), "sensor 199 of 2");
    assertEquals(List.of(200, 399), List.of(layout.partitions("r-1-001", topicPartitions).min().getAsInt(),
        layout.partitions("r-1-001", topicPartitions).max().getAsInt()));
    int other = layout.partition("r-1-001", "not-in-catalog", topicPartitions);
    assertTrue(other >= 200 && other < 400, "a sensor not in the catalog is hashed into its substation's");
  }

  @Test
  void fewerPartitionsPerSubstationShareThemBySensorNumber() {
    TopicLayout four = new TopicLayout("iot", 4);
    assertEquals(8, four.topicPartitions(2));
    assertEquals(4 + 0, four.partition("r-1-001", "ltc-gassing-01", 8), "sensor 0");
    assertEquals(4 + 1, four.partition("r-1-001", "ltc-gassing-02", 8), "sensor 1");
    assertEquals(4 + 1, four.partition("r-1-001", "mis-h2-04", 8), "sensor 13");
    TopicLayout one = new TopicLayout("iot", 1);
    assertEquals(1, one.partition("r-1-001", "humidity-05", 2), "S = 1: one partition per substation");
  }

  @Test
  void aTopicMadeForAnotherLayoutIsNamed() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> layout.slots("iot-r-1", 16));
    assertEquals("topic iot-r-1 has 16 partitions, not a multiple of kafka.topic.partitions.per.substation=200: it"
        + " was made with another; purge it first", e.getMessage());
  }

  @Test
  void everySubstationNeedsAPartitionOfItsOwn() {
    layout.checkOwnPartitions(List.of("r-1-000", "r-1-001", "r-1-002"), 3);
    layout.checkOwnPartitions(List.of("r-1-000", "r-2-000"), 1); // two iterations: two topics
    BadPropertyException e = assertThrows(BadPropertyException.class,
        () -> layout.checkOwnPartitions(List.of("r-1-000", "r-1-001", "r-1-002"), 2));
    assertEquals("kafka.topic.partitions is 2 for 3 substations: r-1-000 and r-1-002 would share partitions (slot"
        + " 0), and each one's queries would read the other's readings; set kafka.topic.partitions=3 or more (or"
        + " leave it unset)", e.getMessage());
  }

  @Test
  void purgeTouchesOnlyThePrefixsTopics() {
    assertTrue(layout.isKitTopic("iot-t5k2mq-1"));
    assertTrue(layout.isKitTopic(layout.probeTopic()));
    assertFalse(layout.isKitTopic("iotother"));
    assertFalse(layout.isKitTopic("__consumer_offsets"));
  }

  @Test
  void illegalNamesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> new TopicLayout("", 1));
    assertThrows(IllegalArgumentException.class, () -> new TopicLayout("iot kit", 1));
    assertThrows(IllegalArgumentException.class, () -> layout.topic("sub/1-000"));
    assertThrows(IllegalArgumentException.class, () -> layout.topic("x".repeat(300) + "-1-000"));
  }
}

package io.iotkit.binding.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopicLayoutTest {
  private final TopicLayout layout = new TopicLayout("iot");

  @Test
  void oneTopicPerIteration() {
    assertEquals("iot-t5k2mq-1", layout.topic("t5k2mq-1-007"));
    assertEquals("iot-t5k2mq-1", layout.topic("t5k2mq-1-000"));
    assertEquals("iot-t5k2mq-2", layout.topic("t5k2mq-2-007"));
    assertEquals("iot-s0", layout.topic("s0"), "a key without a trailing number is its own topic");
    assertEquals("iot-loss-x", layout.topic("loss-x"));
  }

  @Test
  void substationNumberChoosesThePartition() {
    assertEquals(7, TopicLayout.partition("t5k2mq-1-007", 16));
    assertEquals(1, TopicLayout.partition("t5k2mq-1-017", 16));
    assertEquals(0, TopicLayout.partition("t5k2mq-1-000", 1));
    for (String s : new String[] {"s0", "abc", "x-y", "-"}) {
      int p = TopicLayout.partition(s, 5);
      assertTrue(p >= 0 && p < 5, s + " -> " + p);
      assertEquals(p, TopicLayout.partition(s, 5), "stable");
    }
  }

  @Test
  void everySubstationNeedsAPartitionOfItsOwn() {
    layout.checkOwnPartitions(List.of("r-1-000", "r-1-001", "r-1-002"), 3);
    layout.checkOwnPartitions(List.of("r-1-000", "r-2-000"), 1); // two iterations: two topics
    BadPropertyException e = assertThrows(BadPropertyException.class,
        () -> layout.checkOwnPartitions(List.of("r-1-000", "r-1-001", "r-1-002"), 2));
    assertEquals("kafka.topic.partitions is 2 for 3 substations: r-1-000 and r-1-002 would share partition 0,"
        + " and each one's queries would read the other's readings; set kafka.topic.partitions=3 or more",
        e.getMessage());
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
    assertThrows(IllegalArgumentException.class, () -> new TopicLayout(""));
    assertThrows(IllegalArgumentException.class, () -> new TopicLayout("iot kit"));
    assertThrows(IllegalArgumentException.class, () -> layout.topic("sub/1-000"));
    assertThrows(IllegalArgumentException.class, () -> layout.topic("x".repeat(300) + "-1-000"));
  }
}

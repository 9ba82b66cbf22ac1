package io.iotkit.binding.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConfigEntry.ConfigSource;
import org.junit.jupiter.api.Test;

class ReplicationSourceTest {

  private static ConfigEntry minIsr(String value, ConfigSource source) {
    return new ConfigEntry("min.insync.replicas", value, source, false, false, List.of(),
        ConfigEntry.ConfigType.INT, null);
  }

  @Test
  void oneBrokerSaysAcksAllMeansOneCopy() {
    assertEquals("replicas Kafka assigned to topic iot-replication-check, created as the kit creates its topics;"
        + " min.insync.replicas=1 (broker setting), below 2: acks=all acknowledges a reading while only one"
        + " replica has it", TopicAdmin.source("iot-replication-check", 1,
        minIsr("1", ConfigSource.STATIC_BROKER_CONFIG)));
  }

  @Test
  void minInsyncAboveTheReplicaCountIsCappedAsKafkaDoes() {
    String s = TopicAdmin.source("p", 1, minIsr("2", ConfigSource.DYNAMIC_TOPIC_CONFIG));
    assertTrue(s.contains("min.insync.replicas=2 (topic setting), in effect 1 with 1 replica(s), below 2"), s);
  }

  @Test
  void threeReplicasTwoInSync() {
    String s = TopicAdmin.source("p", 3, minIsr("2", ConfigSource.DYNAMIC_TOPIC_CONFIG));
    assertTrue(s.endsWith("min.insync.replicas=2 (topic setting): acks=all acknowledges a reading only when at"
        + " least 2 replicas have it"), s);
    assertTrue(TopicAdmin.source("p", 3, null).endsWith("min.insync.replicas unknown"));
  }
}

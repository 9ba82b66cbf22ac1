package io.iotkit.binding.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.HostPort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaSettingsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty(KafkaSettings.BOOTSTRAP, "127.0.0.1:9092");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaults() {
    KafkaSettings s = KafkaSettings.from(props());
    assertEquals("iot", s.topicPrefix());
    assertEquals(Optional.empty(), s.partitions(), "one slot per substation of the iteration");
    assertEquals(200, s.perSubstation(), "one partition per sensor");
    assertEquals("16384", s.producerConfig().get("batch.size"), "256 KB over 200 partitions, 16 KB at least");
    assertEquals(Optional.empty(), s.replicationFactor(), "broker default");
    assertEquals("all", s.producerConfig().get("acks"));
    assertEquals("true", s.producerConfig().get("enable.idempotence"));
    assertEquals("-1", s.topicConfigs().get("retention.ms"));
    assertEquals("false", s.consumerConfig().get("enable.auto.commit"));
    assertEquals(List.of(new HostPort("127.0.0.1", 9092)), s.bootstrapAddresses());
  }

  @Test
  void topicSettings() {
    KafkaSettings s = KafkaSettings.from(props(KafkaSettings.PARTITIONS, "4", KafkaSettings.REPLICATION, "3",
        KafkaSettings.MIN_INSYNC, "2", "kafka.topic.config.segment.bytes", "1000000"));
    assertEquals(Optional.of(4), s.partitions());
    assertEquals(Optional.of((short) 3), s.replicationFactor());
    assertEquals("2", s.topicConfigs().get("min.insync.replicas"));
    assertEquals("1000000", s.topicConfigs().get("segment.bytes"));
  }

  @Test
  void clientPropertiesGoWhereTheyBelong(@TempDir Path dir) throws Exception {
    String pem = Files.writeString(dir.resolve("ca.pem"), "a PEM file, read by Kafka's client only").toString();
    KafkaSettings s = KafkaSettings.from(props("kafka.producer.linger.ms", "20", "kafka.consumer.check.crcs",
        "false", "kafka.ssl.truststore.location", pem, "kafka.ssl.truststore.type", "PEM",
        "kafka.security.protocol", "ssl"));
    assertEquals("20", s.producerConfig().get("linger.ms"));
    assertFalse(s.consumerConfig().containsKey("linger.ms"));
    assertEquals("false", s.consumerConfig().get("check.crcs"));
    assertEquals(pem, s.adminConfig().get("ssl.truststore.location"));
    assertEquals("SSL", s.producerConfig().get("security.protocol"));
  }

  @Test
  void durabilityCannotBeWeakened() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> KafkaSettings.from(props("kafka.producer.acks", "1")));
    assertTrue(e.getMessage().startsWith("kafka.producer.acks must stay all"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> KafkaSettings.from(props("kafka.producer.enable.idempotence", "false")));
    assertEquals("all", KafkaSettings.from(props("kafka.producer.acks", "ALL")).producerConfig().get("acks"));
  }

  @Test
  void kafkasOwnDefinitionsCheckTheClientSettings() {
    assertEquals("kafka.producer.linger.ms: Invalid value soon for configuration linger.ms: Not a number of type LONG",
        message(props("kafka.producer.linger.ms", "soon")));
    assertEquals("kafka.consumer.max.poll.records: Invalid value 0 for configuration max.poll.records: Value must be"
        + " at least 1", message(props("kafka.consumer.max.poll.records", "0")));
    assertTrue(message(props("kafka.ssl.truststore.location", "/no/such.jks", "kafka.security.protocol", "SSL"))
        .startsWith("kafka.ssl.truststore.location '/no/such.jks' is not a readable file"));
    assertEquals("kafka.security.protocol 'TLS' is not one of PLAINTEXT, SASL_PLAINTEXT, SASL_SSL, SSL",
        message(props("kafka.security.protocol", "TLS")));
    assertEquals("kafka.admin.request.timeout.ms: Invalid value x for configuration request.timeout.ms: Not a number"
        + " of type INT", message(props("kafka.admin.request.timeout.ms", "x")));
  }

  private static String message(Properties p) {
    return assertThrows(BadPropertyException.class, () -> KafkaSettings.from(p)).getMessage();
  }

  @Test
  void badValuesNameTheirProperty() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> KafkaSettings.from(props(KafkaSettings.PARTITIONS,
        "many"))).getMessage().startsWith("kafka.topic.partitions 'many'"));
    for (String bad : new String[] {"0", "201", "-1", "some"}) {
      assertTrue(assertThrows(IllegalArgumentException.class, () -> KafkaSettings.from(props(
          KafkaSettings.PER_SUBSTATION, bad))).getMessage().startsWith(KafkaSettings.PER_SUBSTATION + " '" + bad + "'"),
          bad);
    }
    KafkaSettings one = KafkaSettings.from(props(KafkaSettings.PER_SUBSTATION, "1"));
    assertEquals(1, one.perSubstation());
    assertEquals("262144", one.producerConfig().get("batch.size"), "one partition per substation: 256 KB batches");
    assertThrows(IllegalArgumentException.class, () -> KafkaSettings.from(props(KafkaSettings.BOOTSTRAP, " ")));
    assertThrows(IllegalArgumentException.class,
        () -> KafkaSettings.from(props(KafkaSettings.BOOTSTRAP, "host")).bootstrapAddresses());
    assertThrows(IllegalArgumentException.class,
        () -> KafkaSettings.from(props(KafkaSettings.BOOTSTRAP, "host:99999")).bootstrapAddresses());
    assertEquals(new HostPort("::1", 9092),
        KafkaSettings.from(props(KafkaSettings.BOOTSTRAP, "[::1]:9092")).bootstrapAddresses().get(0));
  }

  @Test
  void usernameAndPasswordBecomeAJaasLine() {
    KafkaSettings s = KafkaSettings.from(props("kafka.security.protocol", "SASL_SSL", "kafka.sasl.mechanism",
        "SCRAM-SHA-512", KafkaSettings.SASL_USERNAME, "kit", KafkaSettings.SASL_PASSWORD, "p\"w\\d"));
    assertEquals("org.apache.kafka.common.security.scram.ScramLoginModule required username=\"kit\""
        + " password=\"p\\\"w\\\\d\";", s.producerConfig().get("sasl.jaas.config"));
    assertEquals("SCRAM-SHA-512", s.consumerConfig().get("sasl.mechanism"));
    assertFalse(s.producerConfig().containsKey("sasl.username"));
    assertFalse(s.producerConfig().containsKey("sasl.password"));
  }

  @Test
  void usernameNeedsASaslProtocol() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> KafkaSettings.from(props(KafkaSettings.SASL_USERNAME, "kit", KafkaSettings.SASL_PASSWORD, "x")));
    assertTrue(e.getMessage().contains("PLAINTEXT; use SASL_SSL"), e.getMessage());
  }

  @Test
  void secretsAreScrubbed() {
    KafkaSettings s = KafkaSettings.from(props("kafka.security.protocol", "SASL_PLAINTEXT",
        KafkaSettings.SASL_USERNAME, "kit", KafkaSettings.SASL_PASSWORD, "hunter2",
        "kafka.ssl.truststore.password", "tr0ub4dor"));
    assertEquals("failed for *** and ***", s.scrub("failed for hunter2 and tr0ub4dor"));
    assertFalse(s.scrub(String.valueOf(s.producerConfig().get("sasl.jaas.config"))).contains("hunter2"));
    assertEquals("", s.scrub(null));
  }
}

package io.iotkit.binding.kafka;

import io.iotkit.binding.SecretNames;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.HostPort;
import io.iotkit.binding.settings.PropertyReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/**
 * The binding's properties (workloads/kafka.properties), checked once and turned into Kafka client
 * configurations.
 *
 * <p>Kit settings: {@value #BOOTSTRAP}, {@value #TOPIC_PREFIX}, {@value #PARTITIONS}, {@value #PER_SUBSTATION},
 * {@value #REPLICATION},
 * {@value #MIN_INSYNC}, {@value #DISORDER_MS}, {@value #SASL_USERNAME} and
 * {@value #SASL_PASSWORD}. Passed to every client with the {@code kafka.} prefix removed:
 * {@code kafka.security.protocol}, {@code kafka.sasl.*} and {@code kafka.ssl.*}. Passed to one kind of client:
 * {@code kafka.producer.*}, {@code kafka.consumer.*}, {@code kafka.admin.*}; topic configurations:
 * {@code kafka.topic.config.*}.
 *
 * <p>Secret values (passwords, JAAS configurations, keys) never appear in a message: {@link #scrub} removes them.
 */
final class KafkaSettings {
  static final String BOOTSTRAP = "kafka.bootstrap.servers";
  static final String TOPIC_PREFIX = "kafka.topic.prefix";
  /** Substation slots per topic (its partitions when each substation has one); unset: the iteration's substations. */
  static final String PARTITIONS = "kafka.topic.partitions";
  /** S, each substation's partitions: its sensors are spread over them by number ({@link TopicLayout}). */
  static final String PER_SUBSTATION = "kafka.topic.partitions.per.substation";
  /** One partition per sensor: a window query reads its own sensor's readings only. */
  static final int DEFAULT_PER_SUBSTATION = io.iotkit.binding.SensorNumbers.COUNT;
  static final String REPLICATION = "kafka.topic.replication.factor";
  static final String MIN_INSYNC = "kafka.topic.min.insync.replicas";
  static final String TOPIC_CONFIG = "kafka.topic.config.";
  static final String DISORDER_MS = "kafka.query.disorder.ms";
  static final String SECURITY_PROTOCOL = "kafka.security.protocol";
  static final String SASL_MECHANISM = "kafka.sasl.mechanism";
  static final String SASL_USERNAME = "kafka.sasl.username";
  static final String SASL_PASSWORD = "kafka.sasl.password";
  static final String PRODUCER = "kafka.producer.";
  static final String CONSUMER = "kafka.consumer.";
  static final String ADMIN = "kafka.admin.";

  private static final Set<String> SECURITY_PROTOCOLS = Set.of("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL");
  /** Producer settings the benchmark's durability rule fixes: a reading counts when all in-sync replicas have it. */
  private static final Map<String, String> FIXED_PRODUCER = Map.of("acks", "all", "enable.idempotence", "true");

  private final String bootstrap;
  private final List<HostPort> bootstrapAddresses;
  private final String topicPrefix;
  private final Optional<Integer> partitions;
  private final int perSubstation;
  private final Optional<Short> replicationFactor;
  private final Optional<Integer> minInsyncReplicas;
  private final Map<String, String> topicConfigs;
  private final long disorderMs;
  private final String securityProtocol;
  private final String saslMechanism;
  private final Map<String, Object> common;
  private final Map<String, String> producerOverrides;
  private final Map<String, String> consumerOverrides;
  private final Map<String, String> adminOverrides;
  private final List<String> secrets;

  private KafkaSettings(Properties p) {
    PropertyReader reader = new PropertyReader(p);
    bootstrap = reader.required(BOOTSTRAP);
    bootstrapAddresses = reader.hostPorts(BOOTSTRAP, bootstrap, 0);
    topicPrefix = reader.string(TOPIC_PREFIX, "iot");
    TopicLayout.checkPrefix(topicPrefix);
    partitions = reader.optionalIntIn(PARTITIONS, 1, 100_000);
    // More than one partition per sensor would leave the rest empty.
    perSubstation = reader.intIn(PER_SUBSTATION, DEFAULT_PER_SUBSTATION, 1, io.iotkit.binding.SensorNumbers.COUNT);
    replicationFactor = reader.optionalIntIn(REPLICATION, 1, Integer.MAX_VALUE).map(n -> {
      if (n > Short.MAX_VALUE) {
        throw new BadPropertyException(REPLICATION + " " + n + " is too large");
      }
      return (short) n.intValue();
    });
    minInsyncReplicas = reader.optionalIntIn(MIN_INSYNC, 1, Integer.MAX_VALUE);
    disorderMs = reader.intIn(DISORDER_MS, 1_000, 1, Integer.MAX_VALUE);
    topicConfigs = withPrefix(p, TOPIC_CONFIG);
    producerOverrides = withPrefix(p, PRODUCER);
    consumerOverrides = withPrefix(p, CONSUMER);
    adminOverrides = withPrefix(p, ADMIN);
    FIXED_PRODUCER.forEach((k, v) -> {
      String given = producerOverrides.get(k);
      if (given != null && !given.trim().equalsIgnoreCase(v)) {
        throw new BadPropertyException(PRODUCER + k + " must stay " + v
            + ": a reading counts only when every in-sync replica has it, written once");
      }
    });

    common = new HashMap<>();
    common.put("bootstrap.servers", bootstrap);
    securityProtocol = reader.oneOf(SECURITY_PROTOCOL, "PLAINTEXT", SECURITY_PROTOCOLS);
    common.put("security.protocol", securityProtocol);
    for (String k : p.stringPropertyNames()) {
      if ((k.startsWith("kafka.sasl.") || k.startsWith("kafka.ssl.")) && !k.equals(SASL_USERNAME)
          && !k.equals(SASL_PASSWORD)) {
        common.put(k.substring("kafka.".length()), p.getProperty(k).trim());
      }
    }
    saslMechanism = reader.string(SASL_MECHANISM, "PLAIN").toUpperCase(Locale.ROOT);
    Optional<String> user = reader.optional(SASL_USERNAME);
    if (user.isPresent()) {
      if (!securityProtocol.startsWith("SASL_")) {
        throw new BadPropertyException(SASL_USERNAME + " is set but " + SECURITY_PROTOCOL + " is "
            + securityProtocol + "; use SASL_SSL (or SASL_PLAINTEXT)");
      }
      common.put("sasl.mechanism", saslMechanism);
      common.put("sasl.jaas.config", jaasConfig(saslMechanism, user.get(), p.getProperty(SASL_PASSWORD, "")));
    }
    secrets = secretValues(p, common);
    // Stores the clients open, and every client setting Kafka's own definitions check, before any client exists.
    reader.keyStore("kafka.ssl.truststore.location", "kafka.ssl.truststore.type", "kafka.ssl.truststore.password",
        "JKS");
    reader.keyStore("kafka.ssl.keystore.location", "kafka.ssl.keystore.type", "kafka.ssl.keystore.password", "JKS");
    Map<String, String> shared = new HashMap<>();
    common.forEach((k, v) -> shared.put(k, v.toString()));
    checkClientSettings("kafka.", shared, ProducerConfig.configDef());
    Map<String, String> producerOwn = new HashMap<>(producerOverrides);
    producerOwn.keySet().removeAll(FIXED_PRODUCER.keySet()); // checked above, and the kit's values are what go
    checkClientSettings(PRODUCER, producerOwn, ProducerConfig.configDef());
    checkClientSettings(CONSUMER, consumerOverrides, ConsumerConfig.configDef());
    checkClientSettings(ADMIN, adminOverrides, AdminClientConfig.configDef());
  }

  /**
   * Each setting parsed and validated as the Kafka client will, so a value it rejects is a bad property named by
   * its key in the binding properties. A name Kafka does not know is left to it (it ignores it with a warning).
   */
  private void checkClientSettings(String prefix, Map<String, String> given, ConfigDef definitions) {
    given.forEach((name, value) -> {
      ConfigDef.ConfigKey key = definitions.configKeys().get(name);
      if (key == null) {
        return;
      }
      try {
        Object parsed = ConfigDef.parseType(name, value, key.type);
        if (key.validator != null) {
          key.validator.ensureValid(name, parsed);
        }
      } catch (ConfigException e) {
        throw new BadPropertyException(prefix + name + ": " + scrub(e.getMessage()));
      }
    });
  }

  /** Reads and checks the properties; a {@link BadPropertyException} names the property that is wrong. */
  static KafkaSettings from(Properties p) {
    return new KafkaSettings(p);
  }

  /** The JAAS line a username and password stand for, for SASL/PLAIN or SCRAM. */
  static String jaasConfig(String mechanism, String user, String password) {
    String module = switch (mechanism) {
      case "PLAIN" -> "org.apache.kafka.common.security.plain.PlainLoginModule";
      case "SCRAM-SHA-256", "SCRAM-SHA-512" -> "org.apache.kafka.common.security.scram.ScramLoginModule";
      default -> throw new BadPropertyException(SASL_USERNAME + " works with " + SASL_MECHANISM
          + " PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512, not " + mechanism + "; set kafka.sasl.jaas.config instead");
    };
    return module + " required username=" + quoted(user) + " password=" + quoted(password) + ";";
  }

  /** JAAS values are double-quoted; a quote or backslash inside is escaped with a backslash. */
  private static String quoted(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  private static List<String> secretValues(Properties p, Map<String, Object> common) {
    List<String> values = new ArrayList<>();
    for (String k : p.stringPropertyNames()) {
      if (SecretNames.isSecret(k)) {
        values.add(p.getProperty(k));
      }
    }
    Object jaas = common.get("sasl.jaas.config");
    if (jaas != null) {
      values.add(jaas.toString());
    }
    values.removeIf(v -> v == null || v.isBlank());
    values.sort((a, b) -> b.length() - a.length()); // longest first, so a secret inside another goes with it
    return values;
  }

  /** The message with every configured secret value replaced by ***. */
  String scrub(String message) {
    String m = message == null ? "" : message;
    for (String s : secrets) {
      m = m.replace(s, "***");
    }
    return m;
  }

  private static Map<String, String> withPrefix(Properties p, String prefix) {
    Map<String, String> m = new HashMap<>();
    for (String k : p.stringPropertyNames()) {
      if (k.startsWith(prefix) && k.length() > prefix.length()) {
        m.put(k.substring(prefix.length()), p.getProperty(k).trim());
      }
    }
    return m;
  }

  String bootstrap() {
    return bootstrap;
  }

  /** The bootstrap servers as host and port. */
  List<HostPort> bootstrapAddresses() {
    return bootstrapAddresses;
  }

  String topicPrefix() {
    return topicPrefix;
  }

  /** Substation slots per topic, if set; unset, a topic gets one slot per substation of its iteration. */
  Optional<Integer> partitions() {
    return partitions;
  }

  /** S, each substation's partitions. */
  int perSubstation() {
    return perSubstation;
  }

  Optional<Short> replicationFactor() {
    return replicationFactor;
  }

  Optional<Integer> minInsyncReplicas() {
    return minInsyncReplicas;
  }

  /** Configurations of the topics the kit creates: keep every reading until the kit purges them. */
  Map<String, String> topicConfigs() {
    Map<String, String> m = new HashMap<>();
    m.put("retention.ms", "-1");
    m.put("retention.bytes", "-1");
    minInsyncReplicas.ifPresent(n -> m.put("min.insync.replicas", Integer.toString(n)));
    m.putAll(topicConfigs);
    return m;
  }

  long disorderMs() {
    return disorderMs;
  }

  String securityProtocol() {
    return securityProtocol;
  }

  String saslMechanism() {
    return saslMechanism;
  }

  Map<String, Object> producerConfig() {
    Map<String, Object> m = new HashMap<>(common);
    // Batches sent every 5 ms: throughput without holding a reading back for long. A substation writes 256 KB
    // in 5 ms at most, spread over its S partitions; larger batches would only take buffer memory (the producer
    // allocates batch.size for each partition's open batch).
    m.put("linger.ms", "5");
    m.put("batch.size", Integer.toString(Math.max(16 << 10, (256 << 10) / perSubstation)));
    m.put("compression.type", "none"); // padding is incompressible
    // Room for every thread's sends in flight (10 x iot.inflight.readings, 1,000, x 1 KB) without blocking in send().
    m.put("buffer.memory", Integer.toString(64 << 20));
    m.putAll(producerOverrides);
    m.putAll(FIXED_PRODUCER);
    return m;
  }

  Map<String, Object> consumerConfig() {
    Map<String, Object> m = new HashMap<>(common);
    // No group: the binding assigns partitions and seeks itself, and commits nothing.
    m.put("enable.auto.commit", "false");
    m.put("auto.offset.reset", "earliest");
    // A window is tens of megabytes of one partition: large fetches, few round trips.
    m.put("max.partition.fetch.bytes", Integer.toString(8 << 20));
    m.put("fetch.max.bytes", Integer.toString(32 << 20));
    m.put("max.poll.records", "10000");
    m.put("receive.buffer.bytes", Integer.toString(1 << 20));
    // A window read stops at the log end, where the consumer's prefetch would otherwise wait 500 ms for new
    // data, and the next query's fetch would wait behind it.
    m.put("fetch.max.wait.ms", "10");
    m.putAll(consumerOverrides);
    return m;
  }

  Map<String, Object> adminConfig() {
    Map<String, Object> m = new HashMap<>(common);
    m.putAll(adminOverrides);
    return m;
  }

  /** Settings that identify the clients a JVM can share. */
  Map<String, Object> clientIdentity() {
    Map<String, Object> m = new HashMap<>(producerConfig());
    m.putAll(adminConfig());
    return Map.copyOf(m);
  }

  /** The configured secret values. */
  Set<String> secrets() {
    return Set.copyOf(secrets);
  }
}

package io.iotkit.binding.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConfigEntry.ConfigSource;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.junit.jupiter.api.Test;

/** Which broker configs the report gets, and how brokers that disagree are shown. */
class BrokerSettingsTest {

  private static ConfigEntry entry(String name, String value, ConfigSource source, boolean sensitive) {
    return new ConfigEntry(name, value, source, sensitive, false, List.of(), ConfigEntry.ConfigType.STRING, null);
  }

  private static Config broker(String numIoThreads, ConfigSource ioSource) {
    return new Config(List.of(
        entry("num.io.threads", numIoThreads, ioSource, false),
        entry("min.insync.replicas", "2", ConfigSource.STATIC_BROKER_CONFIG, false),
        entry("log.retention.hours", "168", ConfigSource.DEFAULT_CONFIG, false),
        entry("listener.name.ssl.ssl.keystore.password", null, ConfigSource.STATIC_BROKER_CONFIG, true),
        entry("listener.name.sasl_plaintext.plain.sasl.jaas.config", "org.apache...PlainLoginModule password=x",
            ConfigSource.STATIC_BROKER_CONFIG, false),
        entry("log.cleaner.threads", "2", ConfigSource.DYNAMIC_BROKER_CONFIG, false)));
  }

  @Test
  void nonDefaultNonSecretConfigsWithOneValueWhenBrokersAgree() {
    Map<String, Config> brokers = new TreeMap<>(Map.of("1", broker("4", ConfigSource.STATIC_BROKER_CONFIG),
        "2", broker("4", ConfigSource.STATIC_BROKER_CONFIG)));
    assertEquals(Map.of("setting.num.io.threads", "4", "setting.min.insync.replicas", "2",
        "setting.log.cleaner.threads", "2"), BrokerSettings.changed(brokers));
  }

  @Test
  void brokersThatDisagreeAreListedByIdIncludingOneAtTheDefault() {
    Map<String, Config> brokers = new TreeMap<>(Map.of("1", broker("8", ConfigSource.STATIC_BROKER_CONFIG),
        "2", broker("8", ConfigSource.DEFAULT_CONFIG), "3", broker("16", ConfigSource.DYNAMIC_BROKER_CONFIG)));
    assertEquals("1=8; 2=8; 3=16", BrokerSettings.changed(brokers).get("setting.num.io.threads"));
  }

  @Test
  void featureLevels() {
    assertEquals(Map.of("setting.feature.metadata.version", "level 21"),
        BrokerSettings.features(Map.of("metadata.version", new FinalizedVersionRange((short) 21, (short) 21))));
  }
}

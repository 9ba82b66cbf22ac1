package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each real binding reports, on its real local server, the version the store gives and the settings its local
 * launcher changed from the store's defaults, and nothing that looks like a credential.
 */
class SutSettingsIT {

  private static Map<String, String> settingsOf(String binding, Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start(binding, work, new Properties())) {
      Map<String, String> s = h.admin.sutSettings();
      System.out.println(binding + " sutSettings (" + s.size() + "):");
      s.forEach((k, v) -> System.out.println("  " + k + " = " + v));
      for (String key : s.keySet()) {
        assertTrue(key.equals("version") || key.startsWith("setting."), key);
        String k = key.toLowerCase(Locale.ROOT);
        for (String secret : List.of("password", "secret", "token", "jaas", "credential", "sasl")) {
          assertFalse(k.contains(secret), binding + " reports " + key);
        }
      }
      return s;
    }
  }

  @Test
  void hbaseReportsItsVersionAndTheSettingsTheLauncherSets(@TempDir Path work) throws Exception {
    Map<String, String> s = settingsOf("hbase", work);
    assertTrue(s.get("version").startsWith("2.5"), s.get("version"));
    // StandaloneHBase sets these programmatically; hbase-default.xml says true for both
    assertEquals("false", s.get("setting.hbase.cluster.distributed"));
    assertEquals("false", s.get("setting.hbase.unsafe.stream.capability.enforce"));
    assertFalse(s.containsKey("setting.hbase.regionserver.handler.count"), "a default is not a changed setting");
  }

  @Test
  void mysqlReportsTheServerVersionAndTheLaunchersOptions(@TempDir Path work) throws Exception {
    Map<String, String> s = settingsOf("mysql", work);
    assertTrue(s.get("version").contains("MariaDB"), s.get("version"));
    // MariaDbServer starts mariadbd with --max-connections=1000 --innodb-buffer-pool-size=1G
    assertEquals("1000", s.get("setting.max_connections"));
    assertEquals(Long.toString(1L << 30), s.get("setting.innodb_buffer_pool_size"));
    assertFalse(s.containsKey("setting.wait_timeout"), "a default is not a changed setting");
    // and the kit client's batching beside the server's settings
    assertEquals("100", s.get("setting.mysql.batch.size"));
    assertEquals("5", s.get("setting.mysql.batch.linger.ms"));
  }

  @Test
  void kafkaReportsTheBrokersChangedConfigsAndNoVersion(@TempDir Path work) throws Exception {
    Map<String, String> s = settingsOf("kafka", work);
    // StandaloneKafka writes these into server.properties; Kafka's defaults are 8 and true
    assertEquals("4", s.get("setting.num.io.threads"));
    assertEquals("false", s.get("setting.auto.create.topics.enable"));
    assertTrue(s.get("setting.feature.metadata.version").startsWith("level "), s.toString());
    assertFalse(s.containsKey("setting.log.retention.hours"), "a default is not a changed setting");
    assertFalse(s.containsKey("version"), "the cluster reports no software version");
  }

  @Test
  void mqttReportsTheBrokersConnackLimitsAndNoVersion(@TempDir Path work) throws Exception {
    Map<String, String> s = settingsOf("mqtt", work);
    // BrokerConfig's server-receive-maximum, 10,000 by default (MQTT's own default would be 65,535)
    assertEquals("10000", s.get("setting.connack.receive.maximum"));
    assertEquals("true", s.get("setting.connack.retain.available"));
    assertFalse(s.containsKey("version"), "an MQTT broker reports no version");
  }
}

package io.iotkit.binding.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class HBaseSettingsTest {

  private static Properties props(Map<String, String> values) {
    Properties p = new Properties();
    p.putAll(values);
    return p;
  }

  @Test
  void defaults() {
    HBaseSettings s = HBaseSettings.from(props(Map.of()));
    assertEquals("iot", s.table.getNameAsString());
    assertEquals(100, s.batchSize);
  }

  @Test
  void kitSettingsStayOutOfTheClientsConfiguration() {
    HBaseSettings s = HBaseSettings.from(props(Map.of("hbase.table", "t1", "hbase.batch.size", "50",
        "hbase.zookeeper.quorum", "zk1", "zookeeper.znode.parent", "/hb", "other.key", "x")));
    assertEquals("t1", s.table.getNameAsString());
    assertEquals(50, s.batchSize);
    assertEquals("zk1", s.client.get("hbase.zookeeper.quorum"));
    assertEquals("/hb", s.client.get("zookeeper.znode.parent"));
    assertNull(s.client.get("hbase.table"));
    assertNull(s.client.get("hbase.batch.size"));
    assertNull(s.client.get("other.key"));
  }

  @Test
  void badValuesNameTheirProperty() {
    assertEquals("hbase.batch.size 'abc' is not a whole number of at least 1",
        message(Map.of("hbase.batch.size", "abc")));
    assertTrue(message(Map.of("hbase.table", "a b")).startsWith("hbase.table 'a b' is not an HBase table name"));
  }

  @Test
  void theOldNamesStillWorkAndWarn() {
    Properties old = props(Map.of("iot.hbase.table", "legacy", "iot.hbase.batch.size", "7"));
    HBaseSettings s = HBaseSettings.from(old);
    assertEquals("legacy", s.table.getNameAsString());
    assertEquals(7, s.batchSize);
    assertEquals(List.of("property iot.hbase.batch.size is now called hbase.batch.size; its value is used, but"
        + " rename it in the binding properties: the old name goes away in the next release",
        "property iot.hbase.table is now called hbase.table; its value is used, but rename it in the binding"
        + " properties: the old name goes away in the next release"), new HBaseProvider().warnings(old));
    assertEquals(List.of(), new HBaseProvider().warnings(props(Map.of("hbase.table", "t"))));
    assertEquals("hbase.batch.size 'abc' is not a whole number of at least 1",
        message(Map.of("iot.hbase.batch.size", "abc")), "the old name's value is read");
  }

  private static String message(Map<String, String> values) {
    return assertThrows(BadPropertyException.class, () -> HBaseSettings.from(props(values))).getMessage();
  }
}

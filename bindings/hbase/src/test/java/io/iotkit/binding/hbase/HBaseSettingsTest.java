package io.iotkit.binding.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class HBaseSettingsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaults() {
    HBaseSettings s = HBaseSettings.from(props());
    assertEquals("iot", s.table.getNameAsString());
    assertEquals(100, s.batchSize);
  }

  @Test
  void kitSettingsStayOutOfTheClientsConfiguration() {
    HBaseSettings s = HBaseSettings.from(props("hbase.table", "t1", "hbase.batch.size", "50",
        "hbase.zookeeper.quorum", "zk1", "zookeeper.znode.parent", "/hb", "other.key", "x"));
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
    assertEquals("hbase.batch.size 'abc' is not a whole number of at least 1", assertThrows(
        BadPropertyException.class, () -> HBaseSettings.from(props("hbase.batch.size", "abc"))).getMessage());
    assertTrue(assertThrows(BadPropertyException.class, () -> HBaseSettings.from(props("hbase.table", "a b")))
        .getMessage().startsWith("hbase.table 'a b' is not an HBase table name"));
  }

  @Test
  void theOldNamesStillWorkAndWarn() {
    Properties old = props("iot.hbase.table", "legacy", "iot.hbase.batch.size", "7");
    HBaseSettings s = HBaseSettings.from(old);
    assertEquals("legacy", s.table.getNameAsString());
    assertEquals(7, s.batchSize);
    assertEquals(List.of("property iot.hbase.batch.size is now called hbase.batch.size; its value is used, but"
        + " rename it in the binding properties: the old name goes away in the next release",
        "property iot.hbase.table is now called hbase.table; its value is used, but rename it in the binding"
        + " properties: the old name goes away in the next release"), new HBaseProvider().warnings(old));
    assertEquals(List.of(), new HBaseProvider().warnings(props("hbase.table", "t")));
    assertThrows(BadPropertyException.class, () -> HBaseSettings.from(props("iot.hbase.batch.size", "abc")));
  }
}

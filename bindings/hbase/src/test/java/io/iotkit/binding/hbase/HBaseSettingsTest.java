package io.iotkit.binding.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.HostPort;
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
    // the client's waits are bounded well below HBase's defaults (20 minutes per operation, 10 per Admin call)
    assertEquals(60_000, s.client.getInt(HBaseSettings.OPERATION_TIMEOUT, 0));
    assertEquals(300_000, s.client.getInt(HBaseSettings.ADMIN_WAIT, 0));
  }

  @Test
  void givenTimeoutsWin() {
    HBaseSettings s = HBaseSettings.from(props(Map.of(HBaseSettings.ADMIN_WAIT, "900000",
        HBaseSettings.OPERATION_TIMEOUT, "120000")));
    assertEquals(900_000, s.client.getInt(HBaseSettings.ADMIN_WAIT, 0));
    assertEquals(120_000, s.client.getInt(HBaseSettings.OPERATION_TIMEOUT, 0));
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
  void theZooKeeperAddressIsChecked() {
    assertEquals(List.of(new HostPort("zk1", 2181), new HostPort("zk2", 2182)),
        HBaseSettings.from(props(Map.of("hbase.zookeeper.quorum", "zk1, zk2:2182"))).zooKeepers);
    assertEquals(List.of(new HostPort("zk1", 2999)), HBaseSettings.from(props(Map.of("hbase.zookeeper.quorum",
        "zk1", "hbase.zookeeper.property.clientPort", "2999"))).zooKeepers);
    assertEquals("hbase.zookeeper.quorum entry '127.0.0.1:abc' has no valid port (a whole number from 1 to 65535)",
        message(Map.of("hbase.zookeeper.quorum", "127.0.0.1:abc")));
    assertEquals("hbase.zookeeper.property.clientPort 'x' is not a whole number from 1 to 65535",
        message(Map.of("hbase.zookeeper.property.clientPort", "x")));
  }

  @Test
  void clientSettingsMustLookLikeHBasesDefaults() {
    assertEquals("hbase.client.retries.number 'many' is not a whole number (or one with a unit, such as 60s or"
        + " 128m) (HBase's default is 15)", message(Map.of("hbase.client.retries.number", "many")));
    assertTrue(message(Map.of("hbase.client.scanner.caching", "all")).startsWith("hbase.client.scanner.caching"));
    assertTrue(message(Map.of("hbase.ipc.client.tcpnodelay", "yes"))
        .startsWith("hbase.ipc.client.tcpnodelay 'yes' is not true or false"));
    HBaseSettings s = HBaseSettings.from(props(Map.of("hbase.client.retries.number", "3",
        "hbase.rpc.timeout", "60s", "hbase.client.write.buffer", "4m", "hbase.ipc.client.tcpnodelay", "FALSE",
        "zookeeper.znode.parent", "/x")));
    assertEquals("3", s.client.get("hbase.client.retries.number"));
  }

  private static String message(Map<String, String> values) {
    return assertThrows(BadPropertyException.class, () -> HBaseSettings.from(props(values))).getMessage();
  }
}

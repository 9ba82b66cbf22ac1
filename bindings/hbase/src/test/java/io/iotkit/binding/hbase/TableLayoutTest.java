package io.iotkit.binding.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class TableLayoutTest {
  private static final TableName TABLE = TableName.valueOf("iot");

  @Test
  void oneSplitPointAtTheStartOfEverySubstationButTheFirst() {
    byte[][] splits = TableLayout.splitPoints(List.of("run-1-002", "run-1-000", "run-1-001"), 1);
    assertEquals(List.of("run-1-001:", "run-1-002:"), Arrays.stream(splits).map(Bytes::toString).toList());
  }

  @Test
  void regionsPerSubstationSplitEachSubstationsSensorsIntoEqualRuns() {
    byte[][] splits = TableLayout.splitPoints(List.of("run-1-001", "run-1-000"), 4);
    List<String> keys = Arrays.stream(splits).map(Bytes::toString).toList();
    assertEquals(7, keys.size(), "4 regions for each of 2 substations: 8 regions, 7 split points");
    assertEquals(keys.stream().sorted().toList(), keys, "in key order");
    assertEquals("run-1-001:", keys.get(3), "the second substation starts a region");
    List<String> sensors = io.iotkit.binding.SensorNumbers.names().stream().sorted().toList();
    assertEquals("run-1-000:" + sensors.get(50) + ":", keys.get(0));
    assertEquals("run-1-001:" + sensors.get(150) + ":", keys.get(6));
    // a sensor's readings all fall between two split points: its first and last key in the same region
    String sensor = sensors.get(50);
    assertTrue(Bytes.compareTo(Bytes.toBytes("run-1-000:" + sensor + ":0000000000000000"), splits[0]) >= 0);
    assertTrue(Bytes.compareTo(Bytes.toBytes("run-1-000:" + sensor + ":9999999999999999"), splits[1]) < 0);
  }

  @Test
  void oneSubstationNeedsNoSplit() {
    assertEquals(0, TableLayout.splitPoints(List.of("run-1-000"), 1).length);
  }

  @Test
  void everyReadingKeyFallsInItsSubstationsRegion() {
    byte[][] splits = TableLayout.splitPoints(List.of("run-1-000", "run-1-001"), 1);
    // the last key of substation 000 sorts before the split, the first of 001 not
    assertTrue(Bytes.compareTo(Bytes.toBytes("run-1-000:zz-sensor:9999999999999999"), splits[0]) < 0);
    assertTrue(Bytes.compareTo(Bytes.toBytes("run-1-001:a:0000000000000000"), splits[0]) >= 0);
  }

  @Test
  void describesRegionsSplitPointsAndServers() {
    ServerName rs1 = ServerName.valueOf("127.0.0.1", 16020, 1L);
    ServerName rs2 = ServerName.valueOf("127.0.0.1", 16030, 2L);
    List<HRegionLocation> regions = List.of(
        location(new byte[0], Bytes.toBytes("s-001:"), rs1),
        location(Bytes.toBytes("s-001:"), Bytes.toBytes("s-002:"), rs2),
        location(Bytes.toBytes("s-002:"), new byte[0], rs1));

    Map<String, String> layout = TableLayout.describe(TABLE, regions);

    assertEquals("iot", layout.get("table"));
    assertEquals("3", layout.get("regions"));
    assertEquals("s-001:, s-002:", layout.get("split points"));
    assertEquals("[-, s-001:) on 127.0.0.1:16020", layout.get("region 1"));
    assertEquals("[s-002:, -) on 127.0.0.1:16020", layout.get("region 3"));
    assertEquals("127.0.0.1:16020 2, 127.0.0.1:16030 1", layout.get("regions per server"));
  }

  @Test
  void oneRegionHasNoSplitPoints() {
    Map<String, String> layout = TableLayout.describe(TABLE,
        List.of(location(new byte[0], new byte[0], ServerName.valueOf("h", 1, 1L))));
    assertEquals("1", layout.get("regions"));
    assertEquals("none", layout.get("split points"));
  }

  private static HRegionLocation location(byte[] start, byte[] end, ServerName server) {
    return new HRegionLocation(RegionInfoBuilder.newBuilder(TABLE).setStartKey(start).setEndKey(end).build(), server);
  }
}

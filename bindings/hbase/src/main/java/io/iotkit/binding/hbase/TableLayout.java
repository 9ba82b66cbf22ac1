package io.iotkit.binding.hbase;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.SensorNumbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The kit's table split by substation: a row key starts with its substation's key, so one split point at the start
 * of each substation's keys (but the first) gives every substation a region of its own from the first insert on.
 * The region servers then share the substations instead of all writing into one region that splits mid-run. With
 * more than one region per substation, each substation's sensors are split further, in key order, into that many
 * runs of about equal size: a sensor's readings stay in one region, so a window query still reads one.
 */
final class TableLayout {
  private TableLayout() {
  }

  /**
   * The split points that give each substation {@code perSubstation} regions (1 to {@value SensorNumbers#COUNT},
   * as HBaseSettings reads it), in key order: the start of each substation's keys but the first, and within each
   * substation the start of every {@code 200 / perSubstation}-th sensor's keys in key order; none for one substation
   * in one region.
   */
  static byte[][] splitPoints(List<String> substations, int perSubstation) {
    List<String> sensors = SensorNumbers.names().stream().sorted().toList();
    List<String> splits = new ArrayList<>();
    for (String substation : substations.stream().distinct().sorted().toList()) {
      splits.add(ReadingFormat.substationPrefix(substation));
      for (int r = 1; r < perSubstation; r++) {
        splits.add(ReadingFormat.sensorPrefix(substation, sensors.get(r * sensors.size() / perSubstation)));
      }
    }
    return splits.stream().sorted().skip(1).map(Bytes::toBytes).toArray(byte[][]::new);
  }

  /**
   * The layout as HBase reports it: the table, its regions, the split points (every region's start key but the
   * first's), each region's key range and server, and how many regions each server holds.
   */
  static Map<String, String> describe(TableName table, List<HRegionLocation> regions) {
    Map<String, String> layout = new LinkedHashMap<>();
    layout.put("table", table.getNameAsString());
    layout.put("regions", Integer.toString(regions.size()));
    List<String> splits = new ArrayList<>();
    Map<String, Integer> perServer = new TreeMap<>();
    for (HRegionLocation r : regions) {
      if (r.getRegion().getStartKey().length > 0) {
        splits.add(Bytes.toStringBinary(r.getRegion().getStartKey()));
      }
      perServer.merge(server(r), 1, Integer::sum);
    }
    layout.put("split points", splits.isEmpty() ? "none" : String.join(", ", splits));
    for (int i = 0; i < regions.size(); i++) {
      HRegionLocation r = regions.get(i);
      layout.put("region " + (i + 1), "[" + key(r.getRegion().getStartKey()) + ", " + key(r.getRegion().getEndKey())
          + ") on " + server(r));
    }
    List<String> counts = new ArrayList<>();
    perServer.forEach((server, n) -> counts.add(server + " " + n));
    layout.put("regions per server", String.join(", ", counts));
    return layout;
  }

  private static String server(HRegionLocation r) {
    return r.getServerName() == null ? "no server" : r.getServerName().getAddress().toString();
  }

  /** A region boundary; the empty key is the table's start or end. */
  private static String key(byte[] k) {
    return k.length == 0 ? "-" : Bytes.toStringBinary(k);
  }
}

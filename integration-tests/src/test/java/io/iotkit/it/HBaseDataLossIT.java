package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data check fails with the exact per-substation difference when rows go missing from HBase behind the kit's
 * back, when readings are dropped, written twice or written under another substation ({@link StoreFaults}), and
 * passes when none are.
 */
class HBaseDataLossIT {

  @Test
  void deletedRowsAndStoreFaultsFailTheDataCheck(@TempDir Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start("hbase", work, new Properties())) {
      InstanceResult written = h.write("loss-1-000", 5_000, 4);
      assertEquals(5_000, written.acknowledged());
      assertTrue(h.dataCheck("loss-1-000", written.acknowledged()).passed(), "nothing lost yet");

      deleteRows(h.properties, ReadingFormat.substationPrefix("loss-1-000"), 3);

      CheckResult check = h.dataCheck("loss-1-000", written.acknowledged());
      assertFalse(check.passed());
      assertEquals("4997", check.measured().text());
      assertEquals("substation loss-1-000: 3 acknowledged readings missing", check.why());

      // A put of a row key HBase holds replaces that row's cell (a newer version of one row): rewriting a batch
      // under the same keys stores nothing extra and loses nothing, so the retried batch leaves new keys.
      StoreFaults.failTheDataCheck(h, "fault", FaultyBinding.Kind.DUPLICATE_NEW_KEY);
    }
  }

  /** Deletes {@code n} rows of a substation with HBase's own client, as an outside party would. */
  private static void deleteRows(Properties address, String prefix, int n) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    address.stringPropertyNames().stream().filter(k -> k.startsWith("hbase."))
        .forEach(k -> conf.set(k, address.getProperty(k)));
    try (Connection c = ConnectionFactory.createConnection(conf);
         Table t = c.getTable(TableName.valueOf("iot"))) {
      List<Delete> deletes = new ArrayList<>();
      try (ResultScanner rs = t.getScanner(new Scan().setRowPrefixFilter(Bytes.toBytes(prefix)).setLimit(n))) {
        for (Result r : rs) {
          deletes.add(new Delete(r.getRow()));
        }
      }
      assertEquals(n, deletes.size());
      t.delete(deletes);
    }
  }
}

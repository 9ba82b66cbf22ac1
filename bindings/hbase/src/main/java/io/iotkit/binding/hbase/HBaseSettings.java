package io.iotkit.binding.hbase;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import io.iotkit.binding.settings.RenamedProperties;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;

/**
 * The binding properties of the hbase binding (see workloads/hbase.properties), checked once.
 *
 * <p>Kit settings: {@value #TABLE} and {@value #BATCH_SIZE}. Every other {@code hbase.*} and {@code zookeeper.*}
 * property goes to the HBase client as it is; the kit's own names are kept from it (no HBase setting has them).
 * Until the next release the old names {@code iot.hbase.table} and {@code iot.hbase.batch.size} still work.
 */
final class HBaseSettings {
  static final String TABLE = "hbase.table";
  static final String BATCH_SIZE = "hbase.batch.size";
  static final String QUORUM = "hbase.zookeeper.quorum";
  static final String OPERATION_TIMEOUT = "hbase.client.operation.timeout";
  static final String RPC_TIMEOUT = "hbase.rpc.timeout";
  static final RenamedProperties RENAMED = new RenamedProperties(Map.of("iot.hbase.table", TABLE,
      "iot.hbase.batch.size", BATCH_SIZE));
  private static final Set<String> KIT_SETTINGS = Set.of(TABLE, BATCH_SIZE);

  final TableName table;
  final int batchSize;
  final Configuration client;

  private HBaseSettings(Properties given) {
    Properties p = RENAMED.apply(given);
    PropertyReader reader = new PropertyReader(p);
    String name = reader.string(TABLE, "iot");
    try {
      table = TableName.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new BadPropertyException(TABLE + " '" + name + "' is not an HBase table name (" + e.getMessage() + ")");
    }
    batchSize = reader.intIn(BATCH_SIZE, 100, 1, Integer.MAX_VALUE);
    client = HBaseConfiguration.create();
    // HBase retries an operation for up to 20 minutes by default; a run cannot wait that long for one batch.
    // Given values win (the loop below).
    client.setInt(OPERATION_TIMEOUT, 60_000);
    client.setInt(RPC_TIMEOUT, 20_000);
    for (String k : p.stringPropertyNames()) {
      if ((k.startsWith("hbase.") || k.startsWith("zookeeper.")) && !KIT_SETTINGS.contains(k)) {
        client.set(k, p.getProperty(k));
      }
    }
  }

  /** @throws BadPropertyException naming the property that is wrong */
  static HBaseSettings from(Properties p) {
    return new HBaseSettings(p);
  }
}

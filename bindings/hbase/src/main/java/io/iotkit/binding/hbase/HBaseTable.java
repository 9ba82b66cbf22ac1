package io.iotkit.binding.hbase;

import java.io.IOException;
import java.util.Properties;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import site.ycsb.DBException;

/**
 * What every binding object opens, the master's and each instance thread's: the settings, the JVM's shared
 * connection ({@link SharedConnection}), the kit's table (made if missing: one column family, FAST_DIFF encoded) and
 * a handle on it. Closing gives the connection back.
 */
final class HBaseTable implements AutoCloseable {
  final HBaseSettings settings;
  final TableName name;
  final Connection connection;
  final Table table;

  private HBaseTable(HBaseSettings settings, Connection connection, Table table) {
    this.settings = settings;
    this.name = settings.table;
    this.connection = connection;
    this.table = table;
  }

  static HBaseTable open(Properties properties) throws DBException {
    HBaseSettings settings;
    try {
      settings = HBaseSettings.from(properties);
    } catch (IllegalArgumentException e) {
      throw new DBException("hbase: " + e.getMessage(), e);
    }
    Connection connection = SharedConnection.acquire(settings);
    try {
      ensure(connection, settings.table);
      return new HBaseTable(settings, connection, connection.getTable(settings.table));
    } catch (IOException e) {
      SharedConnection.release(settings);
      throw new DBException("hbase: cannot use table " + settings.table + ": " + e.getMessage());
    }
  }

  private static void ensure(Connection connection, TableName name) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(name)) {
        try {
          // FAST_DIFF: each reading is three cells that repeat its row key, family and timestamp; encoded, the
          // store files hold little more than the readings themselves
          admin.createTable(TableDescriptorBuilder.newBuilder(name)
              .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(HBaseBinding.FAMILY)
                  .setDataBlockEncoding(DataBlockEncoding.FAST_DIFF).build())
              .build());
        } catch (org.apache.hadoop.hbase.TableExistsException e) {
          // another instance created it first
        }
      }
    }
  }

  @Override
  public void close() {
    try {
      table.close();
    } catch (IOException e) {
      // closing only releases client resources
    } finally {
      SharedConnection.release(settings);
    }
  }
}

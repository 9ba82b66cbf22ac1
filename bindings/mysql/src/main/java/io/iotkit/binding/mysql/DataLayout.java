package io.iotkit.binding.mysql;

import io.iotkit.binding.jdbc.Sql;
import io.iotkit.binding.Replication;
import io.iotkit.binding.errors.ConnectFailures;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How the server laid out the kit's readings, read back from the server the binding writes to, for the full
 * disclosure report: the table and its engine, the primary key that orders the rows, the partitioning, and the
 * copies: how many the topology keeps, the replicas this server lists, its binary log and semi-synchronous
 * replication. Every figure is the server's own answer; the binding's account may read them all (listing
 * replicas needs REPLICATION MASTER ADMIN on MariaDB, REPLICATION SLAVE on MySQL; without it the layout says so).
 */
final class DataLayout {
  private DataLayout() {
  }

  /**
   * @param database   a checked identifier (see {@link MySqlSettings})
   * @param table      likewise
   * @param primaryKey the table's primary key columns in order, as the server reports them
   */
  static Map<String, String> read(Sql sql, String database, String table, List<String> primaryKey)
      throws SQLException {
    Map<String, String> m = new LinkedHashMap<>();
    String where = " WHERE TABLE_SCHEMA = '" + database + "' AND TABLE_NAME = '" + table + "'";
    List<List<String>> t = sql.rows("SELECT ENGINE, ROW_FORMAT FROM information_schema.TABLES" + where);
    String engine = t.isEmpty() ? "" : t.get(0).get(0);
    m.put("table", database + "." + table + (t.isEmpty() ? ": missing" : ": " + engine + ", row format "
        + t.get(0).get(1)));
    m.put("primary key", "(" + String.join(", ", primaryKey) + ")" + ("InnoDB".equalsIgnoreCase(engine)
        ? ": InnoDB's clustered index, so the rows lie in key order, each sensor's readings together in time order"
        : ""));
    m.put("partitions", partitions(sql.rows("SELECT PARTITION_METHOD, PARTITION_EXPRESSION, COUNT(*)"
        + " FROM information_schema.PARTITIONS" + where + " GROUP BY PARTITION_METHOD, PARTITION_EXPRESSION")));

    Replication copies = ReplicationProbe.probe(sql);
    m.put("copies", copies.factor() + ": " + copies.source());
    Map<String, String> v = sql.variables("SHOW GLOBAL VARIABLES WHERE Variable_name IN ('log_bin', 'binlog_format',"
        + " 'sync_binlog', 'gtid_strict_mode', 'gtid_mode')");
    boolean binlog = "ON".equalsIgnoreCase(v.get("log_bin"));
    m.put("binary log", !binlog ? "off" : "on, " + v.get("binlog_format") + " format, sync_binlog="
        + v.get("sync_binlog") + v.entrySet().stream().filter(e -> e.getKey().startsWith("gtid_"))
        .map(e -> ", " + e.getKey() + "=" + e.getValue()).sorted().collect(Collectors.joining()));
    m.put("replicas", binlog ? replicas(sql) : "none (binary log off)");
    m.put("semi-synchronous replication", SemiSync.read(sql).describe());
    return m;
  }

  private static String partitions(List<List<String>> rows) {
    if (rows.isEmpty() || rows.get(0).get(0) == null) {
      return "none: the table is one partition";
    }
    return rows.stream().map(r -> r.get(0) + "(" + r.get(1) + "), " + r.get(2) + " partitions")
        .collect(Collectors.joining("; "));
  }

  /** The replicas this server lists: server id, then the address each reports. */
  private static String replicas(Sql sql) {
    try {
      ReplicationProbe.Replicas r = ReplicationProbe.replicas(sql);
      if (r.rows().isEmpty()) {
        return "none connected (" + r.how() + ")";
      }
      return r.rows().size() + " connected (" + r.how() + "): " + r.rows().stream()
          .map(row -> "server " + row.get(0) + " at " + row.get(1) + ":" + row.get(2))
          .collect(Collectors.joining(", "));
    } catch (SQLException e) {
      return "not listed: " + ConnectFailures.firstLine(e.getMessage());
    }
  }
}

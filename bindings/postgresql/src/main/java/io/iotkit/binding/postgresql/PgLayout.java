package io.iotkit.binding.postgresql;

import io.iotkit.binding.errors.ConnectFailures;
import io.iotkit.binding.jdbc.Sql;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How the server laid out the kit's readings, read back from the server the binding writes to, for the full
 * disclosure report: the table, its indexes (the primary key's B-tree makes each window a range), its
 * partitioning, and what a commit waits for and which copies exist. Every figure is the server's own answer.
 */
final class PgLayout {
  private PgLayout() {
  }

  static Map<String, String> read(Sql sql, String database, PgTable table) throws SQLException {
    Map<String, String> m = new LinkedHashMap<>();
    String oid = "to_regclass(" + table.regclass() + ")";
    List<List<String>> t = sql.rows("SELECT n.nspname, c.relkind, COALESCE(am.amname, ''), c.relpersistence"
        + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_am am ON am.oid = c.relam"
        + " WHERE c.oid = " + oid);
    if (t.isEmpty()) {
      m.put("table", database + "." + table.name() + ": missing");
      return m;
    }
    List<String> row = t.get(0);
    boolean partitioned = "p".equals(row.get(1));
    m.put("table", database + "." + row.get(0) + "." + table.name() + ": " + (partitioned ? "partitioned table"
        : row.get(2) + " table") + ("u".equals(row.get(3)) ? ", UNLOGGED (not crash-safe)" : ", WAL-logged"));
    m.put("indexes", sql.rows("SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = " + oid
        + " ORDER BY indisprimary DESC, indexrelid").stream().map(r -> r.get(0)).collect(Collectors.joining("; ")));
    m.put("primary key", "(substation, sensor, ts) as a B-tree: one sensor's window is a range of the index, each"
        + " substation's count a range per substation");
    m.put("partitions", partitioned ? "by " + sql.single("SELECT pg_get_partkeydef(" + oid + ")") + ", "
        + sql.single("SELECT count(*) FROM pg_inherits WHERE inhparent = " + oid) + " partitions"
        : "none: the table is one heap");
    Map<String, String> settings = new LinkedHashMap<>();
    for (String name : List.of("wal_level", "fsync", "synchronous_commit", "synchronous_standby_names")) {
      settings.put(name, sql.single("SHOW " + name));
    }
    m.put("durability", settings.entrySet().stream().map(e -> e.getKey() + "='" + e.getValue() + "'")
        .collect(Collectors.joining(", ")));
    try {
      m.put("copies", PgReplication.probe(sql).source());
    } catch (SQLException e) {
      m.put("copies", "not read: " + ConnectFailures.firstLine(e.getMessage()));
    }
    return m;
  }
}

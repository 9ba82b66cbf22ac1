package io.iotkit.binding.postgresql;

import io.iotkit.binding.jdbc.ReadingTableSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The kit's table on PostgreSQL: a heap table with the primary key {@code (substation, sensor, ts)} as a B-tree,
 * so one sensor's window is a range of the index and each substation's count a range per substation. Substation
 * and sensor compare bytewise (collation "C", as the key's order needs nothing more), the value is a double
 * precision so MIN, MAX and AVG run in SQL, the padding a bytea of at most {@value #PADDING_BYTES} bytes. The
 * table is found through the connection's search_path (the public schema, unless the sponsor set another).
 */
final class PgTable extends ReadingTableSql {
  /** @param name a checked lower-case identifier (see {@link PgSettings}) */
  PgTable(String name) {
    super(name);
  }

  @Override
  protected String quoted() {
    return "\"" + name() + "\"";
  }

  /** The table's name as to_regclass reads it: quoted, so it is never folded or mistaken. */
  String regclass() {
    return "'" + quoted() + "'";
  }

  @Override
  public String createSql() {
    return "CREATE TABLE IF NOT EXISTS " + quoted() + " ("
        + " substation VARCHAR(64) COLLATE \"C\" NOT NULL,"
        + " sensor VARCHAR(64) COLLATE \"C\" NOT NULL,"
        + " ts BIGINT NOT NULL,"
        + " value DOUBLE PRECISION NOT NULL,"
        + " unit VARCHAR(64) NOT NULL,"
        + " padding BYTEA NOT NULL CHECK (octet_length(padding) <= " + PADDING_BYTES + "),"
        + " PRIMARY KEY (substation, sensor, ts))";
  }

  @Override
  public List<String> primaryKey(Connection c) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT a.attname FROM pg_index i JOIN pg_attribute a"
        + " ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)"
        + " WHERE i.indrelid = to_regclass(?) AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)")) {
      ps.setString(1, quoted());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          columns.add(rs.getString(1));
        }
      }
    }
    return columns;
  }

  /** A bytea holds any padding; its CHECK bounds it to what the kit writes. -1 without a bytea padding column. */
  @Override
  public long paddingBytes(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a"
        + " WHERE a.attrelid = to_regclass(?) AND a.attname = 'padding' AND NOT a.attisdropped")) {
      ps.setString(1, quoted());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && "bytea".equals(rs.getString(1)) ? Long.MAX_VALUE : -1;
      }
    }
  }

  @Override
  public boolean exists(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
      ps.setString(1, quoted());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  /**
   * The rows this backend has read from the table and its indexes: sequential-scan rows of the table plus index
   * entries returned by its indexes (an index scan's heap visits add nothing of their own). The server counts
   * them per backend until it reports them, which it does only between requests, so two readings in one round
   * trip differ by exactly what the statement between them read.
   */
  String rowsReadSql() {
    return "SELECT COALESCE(SUM(pg_stat_get_xact_tuples_returned(c.oid)), 0) FROM pg_class c"
        + " WHERE c.oid = to_regclass(" + regclass() + ")"
        + " OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = to_regclass(" + regclass() + "))";
  }
}

package io.iotkit.binding.mysql;

import io.iotkit.binding.jdbc.ReadingTableSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The kit's table on MySQL and MariaDB: one InnoDB table whose primary key {@code (substation, sensor, ts)} is the
 * clustered index, so a sensor's readings lie together in time order and the dashboard query over
 * {@code [from, to)} of one sensor is a range scan of that index. The value is a DOUBLE so MIN, MAX and AVG run
 * in SQL; unit and padding are kept as written. Its name is looked up in the connection's database.
 */
final class ReadingTable extends ReadingTableSql {
  /** @param name a checked identifier (see {@link MySqlSettings}) */
  ReadingTable(String name) {
    super(name);
  }

  @Override
  protected String quoted() {
    return "`" + name() + "`";
  }

  @Override
  public String createSql() {
    return "CREATE TABLE IF NOT EXISTS " + quoted() + " ("
        + " substation VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,"
        + " sensor VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,"
        + " ts BIGINT NOT NULL COMMENT 'reading time, epoch microseconds',"
        + " value DOUBLE NOT NULL,"
        + " unit VARCHAR(64) CHARACTER SET utf8mb4 NOT NULL,"
        + " padding VARBINARY(" + PADDING_BYTES + ") NOT NULL,"
        + " PRIMARY KEY (substation, sensor, ts)"
        + ") ENGINE=InnoDB";
  }

  @Override
  public List<String> primaryKey(Connection c) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT COLUMN_NAME FROM information_schema.STATISTICS"
        + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME = 'PRIMARY' ORDER BY SEQ_IN_INDEX")) {
      ps.setString(1, name());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          columns.add(rs.getString(1).toLowerCase(Locale.ROOT));
        }
      }
    }
    return columns;
  }

  @Override
  public long paddingBytes(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT CHARACTER_OCTET_LENGTH FROM information_schema.COLUMNS"
        + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND COLUMN_NAME = 'padding'")) {
      ps.setString(1, name());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : -1;
      }
    }
  }

  @Override
  public boolean exists(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
      ps.setString(1, name());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getLong(1) > 0;
      }
    }
  }
}

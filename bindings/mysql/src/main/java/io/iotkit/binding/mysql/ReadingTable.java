package io.iotkit.binding.mysql;

import io.iotkit.binding.Aggregate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The one table the kit writes, and every SQL statement the binding runs on it.
 *
 * <p>Its primary key {@code (substation, sensor, ts)} is InnoDB's clustered index: a sensor's readings lie
 * together in time order, so the dashboard query over {@code [from, to)} of one sensor is a range scan of that
 * index, and the data check's count of each substation is a range scan per substation. The value is
 * stored as a DOUBLE (the reading's decimal text parsed, as every binding does to aggregate it) so MIN, MAX
 * and AVG run in SQL; unit and padding are kept as written.
 */
final class ReadingTable {
  /** The primary key columns in order: the window query needs exactly this prefix order. */
  static final List<String> PRIMARY_KEY = List.of("substation", "sensor", "ts");
  /**
   * Bytes the padding column holds: the padding of the largest kvp a run may ask for (--kvp-bytes up to 10,240, of
   * which the key, value and unit take some) fits, so 64 B and 10 kB readings are stored alike.
   */
  static final int PADDING_BYTES = 10_240;

  private final String name;

  /** @param name a checked identifier (see {@link MySqlSettings}) */
  ReadingTable(String name) {
    this.name = name;
  }

  String name() {
    return name;
  }

  String createSql() {
    return "CREATE TABLE IF NOT EXISTS `" + name + "` ("
        + " substation VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,"
        + " sensor VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,"
        + " ts BIGINT NOT NULL COMMENT 'reading time, epoch microseconds',"
        + " value DOUBLE NOT NULL,"
        + " unit VARCHAR(64) CHARACTER SET utf8mb4 NOT NULL,"
        + " padding VARBINARY(" + PADDING_BYTES + ") NOT NULL,"
        + " PRIMARY KEY (substation, sensor, ts)"
        + ") ENGINE=InnoDB";
  }

  String insertSql() {
    return "INSERT INTO `" + name + "` (substation, sensor, ts, value, unit, padding) VALUES (?, ?, ?, ?, ?, ?)";
  }

  /**
   * One sensor's window {@code [from, to)}: parameters substation, sensor, from, to. Column 1 is the number of
   * readings in the window; column 2 the aggregate (absent for COUNT, which is column 1 itself).
   */
  String windowSql(Aggregate fn) {
    String what = switch (fn) {
      case MAX -> "COUNT(*), MAX(value)";
      case MIN -> "COUNT(*), MIN(value)";
      case AVG -> "COUNT(*), AVG(value)";
      case COUNT -> "COUNT(*)";
    };
    return "SELECT " + what + " FROM `" + name + "` WHERE substation = ? AND sensor = ? AND ts >= ? AND ts < ?";
  }

  /**
   * Each substation's readings, one row (substation, count) per substation that has any; parameters: the
   * substation keys. A range scan of the clustered index per substation, in one statement.
   */
  String countPerSubstationSql(int substations) {
    if (substations < 1) {
      throw new IllegalArgumentException("count over no substations");
    }
    return "SELECT substation, COUNT(*) FROM `" + name + "` WHERE substation IN ("
        + String.join(", ", Collections.nCopies(substations, "?")) + ") GROUP BY substation";
  }

  String truncateSql() {
    return "TRUNCATE TABLE `" + name + "`";
  }

  /** The table's primary key columns in order; empty if the table does not exist (or has no primary key). */
  List<String> primaryKey(Connection c, String database) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT COLUMN_NAME FROM information_schema.STATISTICS"
        + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME = 'PRIMARY' ORDER BY SEQ_IN_INDEX")) {
      ps.setString(1, database);
      ps.setString(2, name);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          columns.add(rs.getString(1).toLowerCase(java.util.Locale.ROOT));
        }
      }
    }
    return columns;
  }

  /** Bytes the existing table's padding column holds, or -1 when it has none. */
  long paddingBytes(Connection c, String database) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT CHARACTER_OCTET_LENGTH FROM information_schema.COLUMNS"
        + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND COLUMN_NAME = 'padding'")) {
      ps.setString(1, database);
      ps.setString(2, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : -1;
      }
    }
  }

  boolean exists(Connection c, String database) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?")) {
      ps.setString(1, database);
      ps.setString(2, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getLong(1) > 0;
      }
    }
  }
}

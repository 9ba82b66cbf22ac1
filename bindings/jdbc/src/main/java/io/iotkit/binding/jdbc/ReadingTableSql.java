package io.iotkit.binding.jdbc;

import io.iotkit.binding.Aggregate;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;

/**
 * The one table of readings a SQL binding writes, and the statements on it. The columns are the same on every
 * server: substation, sensor, ts (epoch microseconds), value (a double, so MIN, MAX and AVG run in SQL), unit
 * and padding, with the primary key {@code (substation, sensor, ts)}, so one sensor's window {@code [from, to)}
 * is a range of the key and each substation's count a range per substation. A dialect adds how its server
 * creates, describes and empties the table, and how it quotes a name.
 */
public abstract class ReadingTableSql {
  /** The primary key columns in order: the window query needs exactly this prefix order. */
  public static final List<String> PRIMARY_KEY = List.of("substation", "sensor", "ts");
  /**
   * Bytes the padding column holds: the padding of the largest kvp a run may ask for (--kvp-bytes up to 10,240, of
   * which the key, value and unit take some) fits, so 64 B and 10 kB readings are stored alike.
   */
  public static final int PADDING_BYTES = 10_240;

  private final String name;

  /** @param name a checked identifier (letters, digits, _) */
  protected ReadingTableSql(String name) {
    this.name = name;
  }

  public final String name() {
    return name;
  }

  /** The table's name as the server's SQL writes it. */
  protected abstract String quoted();

  /** CREATE TABLE IF NOT EXISTS: several instances may create it at the same moment. */
  public abstract String createSql();

  /** Empties the table: TRUNCATE TABLE, as both MariaDB and PostgreSQL write it. */
  public String truncateSql() {
    return "TRUNCATE TABLE " + quoted();
  }

  /** The table's primary key columns in order, lower case; empty if the table does not exist. */
  public abstract List<String> primaryKey(Connection c) throws SQLException;

  /** Bytes the existing table's padding column holds (a large number for an unbounded type), -1 for none. */
  public abstract long paddingBytes(Connection c) throws SQLException;

  public abstract boolean exists(Connection c) throws SQLException;

  public String insertSql() {
    return "INSERT INTO " + quoted() + " (substation, sensor, ts, value, unit, padding) VALUES (?, ?, ?, ?, ?, ?)";
  }

  /**
   * One sensor's window {@code [from, to)}: parameters substation, sensor, from, to. Column 1 is the number of
   * readings in the window; column 2 the aggregate (absent for COUNT, which is column 1 itself).
   */
  public String windowSql(Aggregate fn) {
    String what = switch (fn) {
      case MAX -> "COUNT(*), MAX(value)";
      case MIN -> "COUNT(*), MIN(value)";
      case AVG -> "COUNT(*), AVG(value)";
      case COUNT -> "COUNT(*)";
    };
    return "SELECT " + what + " FROM " + quoted() + " WHERE substation = ? AND sensor = ? AND ts >= ? AND ts < ?";
  }

  /**
   * Each substation's readings, one row (substation, count) per substation that has any; parameters: the
   * substation keys. A range of the primary key per substation, in one statement.
   */
  public String countPerSubstationSql(int substations) {
    if (substations < 1) {
      throw new IllegalArgumentException("count over no substations");
    }
    return "SELECT substation, COUNT(*) FROM " + quoted() + " WHERE substation IN ("
        + String.join(", ", Collections.nCopies(substations, "?")) + ") GROUP BY substation";
  }
}

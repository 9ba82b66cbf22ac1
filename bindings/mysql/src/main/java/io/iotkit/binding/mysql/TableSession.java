package io.iotkit.binding.mysql;

import io.iotkit.binding.errors.ConnectFailures;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * One JDBC connection to the kit's table, as every binding object opens it, the master's and each instance
 * thread's: the settings, the table made if missing and checked, reads at READ COMMITTED and no transaction left
 * open between calls, so a count or a window query sees every batch committed before it.
 */
final class TableSession implements AutoCloseable {
  final MySqlSettings settings;
  final ReadingTable table;
  final Connection connection;

  private TableSession(MySqlSettings settings, Connection connection) {
    this.settings = settings;
    this.table = new ReadingTable(settings.table());
    this.connection = connection;
  }

  static TableSession open(Properties properties) throws DBException {
    MySqlSettings settings;
    try {
      settings = MySqlSettings.from(properties);
    } catch (IllegalArgumentException e) {
      throw new DBException("mysql: " + e.getMessage() + " in the binding properties", e);
    }
    TableSession t = new TableSession(settings, Connections.open(settings));
    try {
      ensureTable(settings, t.table, t.connection);
      t.connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      t.connection.setAutoCommit(false);
      return t;
    } catch (SQLException e) {
      t.close();
      throw new DBException("mysql: cannot use table " + settings.database() + "." + t.table.name() + " at "
          + settings.address() + ": " + ConnectFailures.firstLine(e.getMessage()));
    } catch (DBException e) {
      t.close();
      throw e;
    }
  }

  /**
   * Creates the table if it is missing; refuses one whose primary key would make window queries full scans, or
   * whose padding column is too narrow for the largest readings (made for smaller readings).
   */
  private static void ensureTable(MySqlSettings settings, ReadingTable table, Connection connection)
      throws SQLException, DBException {
    if (!table.exists(connection, settings.database())) {
      try (Statement s = connection.createStatement()) {
        s.execute(table.createSql()); // IF NOT EXISTS: another instance may create it at the same moment
      }
    }
    List<String> key = table.primaryKey(connection, settings.database());
    if (!key.equals(ReadingTable.PRIMARY_KEY)) {
      throw new DBException("mysql: table " + settings.database() + "." + table.name() + " at " + settings.address()
          + " has primary key " + key + ", not " + ReadingTable.PRIMARY_KEY + "; drop it or set "
          + MySqlSettings.TABLE);
    }
    long padding = table.paddingBytes(connection, settings.database());
    if (padding < ReadingTable.PADDING_BYTES) {
      throw new DBException("mysql: table " + settings.database() + "." + table.name() + " at " + settings.address()
          + " holds " + (padding < 0 ? "no padding column" : "paddings of at most " + padding + " bytes") + ", not "
          + ReadingTable.PADDING_BYTES + " (readings of up to 10 kB, --kvp-bytes); drop it (the kit makes it again)"
          + " or set " + MySqlSettings.TABLE);
    }
  }

  /**
   * Ends a read's transaction, so the next statement sees everything committed since. Nothing of a pending batch
   * has reached the server yet (addBatch only buffers it in the driver), so this commits the read alone.
   */
  void endRead() throws SQLException {
    connection.commit();
  }

  void rollbackQuietly() {
    try {
      connection.rollback();
    } catch (SQLException e) {
      // the connection is failing anyway; the caller reports the original error
    }
  }

  /** One line for the user: what failed on which server, and the server's first line of why. */
  DBException failure(String what, SQLException e) {
    return new DBException("mysql: " + what + " on " + settings.address() + " failed: "
        + ConnectFailures.firstLine(e.getMessage()));
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // closing only releases resources
    }
  }
}

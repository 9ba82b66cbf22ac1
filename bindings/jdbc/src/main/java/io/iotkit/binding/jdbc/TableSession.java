package io.iotkit.binding.jdbc;

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
public final class TableSession implements AutoCloseable {
  final Dialect dialect;
  final JdbcSettings settings;
  final ReadingTableSql table;
  final Connection connection;

  private TableSession(Dialect dialect, JdbcSettings settings, Connection connection) {
    this.dialect = dialect;
    this.settings = settings;
    this.table = dialect.table(settings);
    this.connection = connection;
  }

  /** Opens a session, or a DBException whose message is one line naming the binding. */
  public static TableSession open(Dialect dialect, Properties properties) throws DBException {
    JdbcSettings settings;
    try {
      settings = dialect.settings(properties);
    } catch (IllegalArgumentException e) {
      throw new DBException(dialect.name() + ": " + e.getMessage() + " in the binding properties", e);
    }
    TableSession t = new TableSession(dialect, settings, dialect.connect(settings));
    try {
      t.ensureTable();
      t.connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      t.connection.setAutoCommit(false);
      return t;
    } catch (SQLException e) {
      t.rollbackQuietly();
      t.close();
      throw new DBException(dialect.name() + ": cannot use table " + t.where() + ": "
          + ConnectFailures.firstLine(e.getMessage()));
    } catch (DBException e) {
      t.close();
      throw e;
    }
  }

  /** database.table at host:port, for messages. */
  String where() {
    return settings.database() + "." + table.name() + " at " + settings.address();
  }

  /**
   * Creates the table if it is missing; refuses one whose primary key would make window queries full scans, or
   * whose padding column is too narrow for the largest readings (made for smaller readings).
   */
  private void ensureTable() throws SQLException, DBException {
    if (!table.exists(connection)) {
      try (Statement s = connection.createStatement()) {
        s.execute(table.createSql()); // IF NOT EXISTS: another instance may create it at the same moment
      } catch (SQLException e) {
        // PostgreSQL's IF NOT EXISTS can still lose a race with another session's CREATE (a duplicate key in
        // its catalog): the table the other made is as good
        if (!table.exists(connection)) {
          throw e;
        }
      }
    }
    List<String> key = table.primaryKey(connection);
    String tableProperty = dialect.name() + ".table";
    if (!key.equals(ReadingTableSql.PRIMARY_KEY)) {
      throw new DBException(dialect.name() + ": table " + where() + " has primary key " + key + ", not "
          + ReadingTableSql.PRIMARY_KEY + "; drop it or set " + tableProperty);
    }
    long padding = table.paddingBytes(connection);
    if (padding < ReadingTableSql.PADDING_BYTES) {
      throw new DBException(dialect.name() + ": table " + where() + " holds " + (padding < 0 ? "no padding column"
          : "paddings of at most " + padding + " bytes") + ", not " + ReadingTableSql.PADDING_BYTES
          + " (readings of up to 10 kB, --kvp-bytes); drop it (the kit makes it again) or set " + tableProperty);
    }
    // Autocommit is still on here on most drivers, but not on all: leave no transaction open.
    if (!connection.getAutoCommit()) {
      connection.commit();
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
      if (!connection.getAutoCommit()) {
        connection.rollback();
      }
    } catch (SQLException e) {
      // the connection is failing anyway; the caller reports the original error
    }
  }

  /** One line for the user: what failed on which server, and the server's first line of why. */
  DBException failure(String what, SQLException e) {
    return new DBException(dialect.name() + ": " + what + " on " + settings.address() + " failed: "
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

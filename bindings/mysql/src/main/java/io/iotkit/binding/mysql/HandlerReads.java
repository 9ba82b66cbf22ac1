package io.iotkit.binding.mysql;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Set;

/**
 * The rows the server's storage engine handed this connection so far: the sum of the session's Handler_read_*
 * counters (index positionings and steps, table scans). Their difference around a statement is the rows the
 * server read to answer it: reading the counters (SHOW SESSION STATUS) adds nothing to them (measured on MariaDB
 * 10.11), but the connection's INSERTs move Handler_read_key (measured too), so they are read right before and
 * after the statement.
 */
final class HandlerReads {
  /** The counters, as one statement; its result set is (Variable_name, Value). */
  static final String SQL = "SHOW SESSION STATUS LIKE 'Handler\\_read\\_%'";
  /** The counters that count rows read; Handler_read_retry and Handler_read_rnd_deleted count no row of their own. */
  private static final Set<String> ROWS = Set.of("Handler_read_first", "Handler_read_key", "Handler_read_last",
      "Handler_read_next", "Handler_read_prev", "Handler_read_rnd", "Handler_read_rnd_next");

  private HandlerReads() {
  }

  /** The rows read so far, from the result set of {@link #SQL}. */
  static long sum(ResultSet rs) throws SQLException {
    long rows = 0;
    while (rs.next()) {
      if (ROWS.contains(rs.getString(1))) {
        rows += rs.getLong(2);
      }
    }
    return rows;
  }
}

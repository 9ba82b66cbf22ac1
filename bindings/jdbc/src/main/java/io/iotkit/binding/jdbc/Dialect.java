package io.iotkit.binding.jdbc;

import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.Replication;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * What one SQL server family adds to the JDBC core: its settings and driver, its table's SQL, how it counts the
 * rows a statement read, and what it says of its copies, layout and settings. The core runs the protocol's calls
 * ({@link JdbcBinding}, {@link JdbcAdmin}, {@link JdbcPlainLoop}); a dialect only answers questions.
 */
public interface Dialect {
  /** The binding's name, first word of each of its messages and prefix of its properties. */
  String name();

  /** The checked binding properties; throws {@code BadPropertyException} naming a wrong one. */
  JdbcSettings settings(Properties properties);

  /** A connection with the settings, or a DBException whose message is one line for the user. */
  Connection connect(JdbcSettings settings) throws DBException;

  ReadingTableSql table(JdbcSettings settings);

  /**
   * A statement with no parameters whose one result set {@link #rowsRead} turns into the rows the server has read
   * so far for this connection; run right before and after a window query, in the same round trip. Null when the
   * server cannot say (the window's read is then unmeasured).
   */
  String rowsReadSql(ReadingTableSql table);

  long rowsRead(ResultSet rs) throws SQLException;

  /** The copies of each committed row the server's topology keeps, and where the figure came from. */
  Replication replication(Sql sql, JdbcSettings settings) throws SQLException;

  /** The table, its indexes and partitions, and the copies, for the full disclosure report. */
  Map<String, String> dataLayout(Sql sql, Connection c, JdbcSettings settings, ReadingTableSql table)
      throws SQLException;

  /** The server's version and the settings changed from their defaults, never a credential. */
  Map<String, String> sutSettings(Sql sql) throws SQLException;

  /**
   * The copies the primary's replicas hold now (see StoreAdmin#liveCopies): the primary itself and each replica
   * that has applied everything the primary had written when asked and, where the dialect reads the replica
   * itself, holds the same readings ({@code contents}). Empty where the dialect does not read them.
   */
  default Optional<LiveCopies> liveCopies(Sql sql, JdbcSettings settings, ReplicaContents contents)
      throws SQLException {
    return Optional.empty();
  }

  /** What the server says of its own current start (see StoreAdmin#serverStarts), by server. */
  Map<String, String> serverStarts(Sql sql) throws SQLException;

  /** What a commit means on this server and how the connection is protected, for the run report. */
  Map<String, String> measurements(Sql sql, JdbcSettings settings) throws SQLException;

  /** A cheap request the server must answer within the timeout. */
  default boolean ping(Connection c, int timeoutSeconds) throws SQLException {
    return c.isValid(timeoutSeconds);
  }
}

package io.iotkit.binding.jdbc;

import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.errors.ConnectFailures;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The table as the master uses it, over a connection of its own: the copies the server reports (the dialect's
 * probe), the data check's counts in one statement, what a commit means for the report, the layout and changed
 * settings for the FDR, a ping, and TRUNCATE as the purge.
 */
public final class JdbcAdmin implements StoreAdmin {
  private static final int PING_TIMEOUT_SECONDS = 10;

  private final TableSession t;

  private JdbcAdmin(TableSession t) {
    this.t = t;
  }

  public static JdbcAdmin open(Dialect dialect, Properties properties) throws DBException {
    return new JdbcAdmin(TableSession.open(dialect, properties));
  }

  private String name() {
    return t.dialect.name();
  }

  @Override
  public Replication replication() throws DBException {
    return readServer("the replication topology", sql -> t.dialect.replication(sql, t.settings));
  }

  /** One statement for all of them; a substation with none is 0. */
  @Override
  public Map<String, Long> countReadings(List<String> substations) throws DBException {
    try {
      Map<String, Long> counts = new ReadingCounts(t.table, substations).on(t.connection);
      t.endRead();
      return counts;
    } catch (SQLException e) {
      t.rollbackQuietly();
      throw new DBException(name() + ": count on " + t.settings.address() + " failed: "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  /** The server's version, what a commit waits for, and whether the connection is encrypted, for the report. */
  @Override
  public Map<String, String> measurements() {
    try {
      Map<String, String> m = t.dialect.measurements(Sql.over(t.connection), t.settings);
      t.endRead();
      return m;
    } catch (SQLException e) {
      t.rollbackQuietly();
      Map<String, String> m = new LinkedHashMap<>();
      m.put(name() + " server settings", "could not be read: " + ConnectFailures.firstLine(e.getMessage()));
      return m;
    }
  }

  /** How the server laid out the table and keeps its copies, read from the server. */
  @Override
  public Map<String, String> dataLayout() throws DBException {
    return readServer("the data layout", sql -> t.dialect.dataLayout(sql, t.connection, t.settings, t.table));
  }

  /** The server's version and its changed settings, then the kit client's batching, which shapes what it sees. */
  @Override
  public Map<String, String> sutSettings() throws DBException {
    Map<String, String> s = new LinkedHashMap<>(readServer("the version and settings", t.dialect::sutSettings));
    JdbcBasics b = t.settings.basics();
    s.put("setting." + name() + ".batch.size", Integer.toString(b.batchSize()));
    s.put("setting." + name() + ".batch.linger.ms", Long.toString(b.batchLinger().toMillis()));
    return s;
  }

  @Override
  public Optional<LiveCopies> liveCopies(List<String> substations) throws DBException {
    ReplicaContents contents = new ReadingCounts(t.table, substations).against(t.connection);
    return readServer("the replicas' positions", sql -> t.dialect.liveCopies(sql, t.settings, contents));
  }

  @Override
  public Map<String, String> serverStarts() throws DBException {
    return readServer("the server's start", t.dialect::serverStarts);
  }

  /** A read of what the server says of itself. */
  @FunctionalInterface
  private interface ServerRead<T> {
    T read(Sql sql) throws SQLException;
  }

  /** Runs {@code read} in a transaction of its own; if it fails, one line saying that {@code what} was unreadable. */
  private <T> T readServer(String what, ServerRead<T> read) throws DBException {
    try {
      T answer = read.read(Sql.over(t.connection));
      t.endRead();
      return answer;
    } catch (SQLException e) {
      t.rollbackQuietly();
      throw new DBException(name() + ": cannot read " + what + " of " + t.settings.address() + ": "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  @Override
  public void ping() throws DBException {
    try {
      if (!t.dialect.ping(t.connection, PING_TIMEOUT_SECONDS)) {
        throw new DBException(name() + ": " + t.settings.address() + " did not answer a ping within "
            + PING_TIMEOUT_SECONDS + " s");
      }
    } catch (SQLException e) {
      t.rollbackQuietly();
      throw new DBException(name() + ": ping of " + t.settings.address() + " failed: "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  @Override
  public void purge() throws DBException {
    try (Statement s = t.connection.createStatement()) {
      s.execute(t.table.truncateSql());
      if (!t.connection.getAutoCommit()) {
        t.connection.commit(); // TRUNCATE is transactional on some servers: make it last
      }
    } catch (SQLException e) {
      t.rollbackQuietly();
      throw new DBException(name() + ": TRUNCATE of " + t.settings.database() + "." + t.table.name() + " on "
          + t.settings.address() + " failed: " + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  @Override
  public void close() {
    t.close();
  }
}

package io.iotkit.binding.mysql;

import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.errors.ConnectFailures;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The table as the master uses it, over a connection of its own: the replication the topology shows
 * ({@link ReplicationProbe}), the data check's counts in one statement, the durability and connection settings
 * for the report, the layout and changed server settings for the FDR, a JDBC ping, and TRUNCATE as the purge.
 */
final class MySqlAdmin implements StoreAdmin {
  private static final int PING_TIMEOUT_SECONDS = 10;

  private final TableSession t;

  private MySqlAdmin(TableSession t) {
    this.t = t;
  }

  static MySqlAdmin open(Properties properties) throws DBException {
    return new MySqlAdmin(TableSession.open(properties));
  }

  @Override
  public Replication replication() throws DBException {
    return readServer("the replication topology", ReplicationProbe::probe);
  }

  /** One statement for all of them (see {@link ReadingTable#countPerSubstationSql}); a substation with none is 0. */
  @Override
  public Map<String, Long> countReadings(List<String> substations) throws DBException {
    Map<String, Long> counts = new LinkedHashMap<>();
    substations.forEach(s -> counts.put(s, 0L));
    if (substations.isEmpty()) {
      return counts;
    }
    try (PreparedStatement ps = t.connection.prepareStatement(t.table.countPerSubstationSql(substations.size()))) {
      for (int i = 0; i < substations.size(); i++) {
        ps.setString(i + 1, substations.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          counts.put(rs.getString(1), rs.getLong(2));
        }
      }
      t.endRead();
      return counts;
    } catch (SQLException e) {
      t.rollbackQuietly();
      throw new DBException("mysql: count on " + t.settings.address() + " failed: "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  /**
   * The server's version, the settings that decide what a commit means, and whether the connection is
   * encrypted, for the report.
   */
  @Override
  public Map<String, String> measurements() {
    Map<String, String> m = new LinkedHashMap<>();
    try (Statement s = t.connection.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT VERSION(), @@innodb_flush_log_at_trx_commit, @@sync_binlog")) {
        if (rs.next()) {
          m.put("mysql server version", rs.getString(1));
          m.put("mysql durability", "innodb_flush_log_at_trx_commit=" + rs.getString(2) + ", sync_binlog="
              + rs.getString(3));
        }
      }
      Map<String, String> tls = new java.util.HashMap<>();
      try (ResultSet rs = s.executeQuery("SHOW SESSION STATUS WHERE Variable_name IN ('Ssl_version', 'Ssl_cipher')")) {
        while (rs.next()) {
          tls.put(rs.getString(1), rs.getString(2));
        }
      }
      String version = tls.getOrDefault("Ssl_version", "");
      m.put("mysql connection", version.isEmpty() ? "not encrypted (" + MySqlSettings.SSL_MODE + "="
          + t.settings.sslMode() + ")" : "TLS " + version + ", " + tls.get("Ssl_cipher"));
      SemiSync semiSync = SemiSync.read(Sql.over(t.connection));
      if (semiSync.enabled()) {
        m.put("mysql semi-sync", semiSync.acknowledgements());
      }
      t.endRead();
    } catch (SQLException e) {
      t.rollbackQuietly();
      m.put("mysql server settings", "could not be read: " + ConnectFailures.firstLine(e.getMessage()));
    }
    return m;
  }

  /** How the server laid out the table and keeps its copies ({@link DataLayout}), read from the server. */
  @Override
  public Map<String, String> dataLayout() throws DBException {
    return readServer("the data layout", sql -> DataLayout.read(sql, t.settings.database(), t.table.name(),
        t.table.primaryKey(t.connection, t.settings.database())));
  }

  /** The server's version and its changed global variables ({@link ServerSettings}). */
  @Override
  public Map<String, String> sutSettings() throws DBException {
    return readServer("the version and settings", ServerSettings::read);
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
      throw new DBException("mysql: cannot read " + what + " of " + t.settings.address() + ": "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  /** A protocol-level ping of the server (JDBC isValid). */
  @Override
  public void ping() throws DBException {
    try {
      if (!t.connection.isValid(PING_TIMEOUT_SECONDS)) {
        throw new DBException("mysql: " + t.settings.address() + " did not answer a ping within "
            + PING_TIMEOUT_SECONDS + " s");
      }
    } catch (SQLException e) {
      throw new DBException("mysql: ping of " + t.settings.address() + " failed: "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  @Override
  public void purge() throws DBException {
    try (Statement s = t.connection.createStatement()) {
      s.execute(t.table.truncateSql());
    } catch (SQLException e) {
      throw new DBException("mysql: TRUNCATE of " + t.settings.database() + "." + t.table.name() + " on "
          + t.settings.address() + " failed: " + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  @Override
  public void close() {
    t.close();
  }
}

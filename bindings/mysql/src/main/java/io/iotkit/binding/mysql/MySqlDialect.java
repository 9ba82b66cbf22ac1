package io.iotkit.binding.mysql;

import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.Replication;
import io.iotkit.binding.jdbc.Aurora;
import io.iotkit.binding.jdbc.Dialect;
import io.iotkit.binding.jdbc.JdbcSettings;
import io.iotkit.binding.jdbc.ReadingTableSql;
import io.iotkit.binding.jdbc.ReplicaContents;
import io.iotkit.binding.jdbc.Sql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * MySQL and MariaDB for the JDBC core: Connector/J with {@link MySqlSettings}, the InnoDB table of
 * {@link ReadingTable}, the session's Handler_read counters as the rows a window read ({@link HandlerReads}), and
 * the server's own answers on its copies ({@link ReplicationProbe}, or Aurora's storage when the server is
 * Aurora MySQL), layout ({@link DataLayout}) and settings ({@link ServerSettings}).
 */
final class MySqlDialect implements Dialect {
  static final MySqlDialect INSTANCE = new MySqlDialect();
  /** Only Aurora MySQL has this variable; any user may read it. */
  static final String AURORA_VERSION = "SELECT @@aurora_version";

  private MySqlDialect() {
  }

  @Override
  public String name() {
    return "mysql";
  }

  @Override
  public JdbcSettings settings(Properties properties) {
    return MySqlSettings.from(properties);
  }

  @Override
  public Connection connect(JdbcSettings settings) throws DBException {
    return Connections.open((MySqlSettings) settings);
  }

  @Override
  public ReadingTableSql table(JdbcSettings settings) {
    return new ReadingTable(settings.table());
  }

  @Override
  public String rowsReadSql(ReadingTableSql table) {
    return HandlerReads.SQL;
  }

  @Override
  public long rowsRead(ResultSet rs) throws SQLException {
    return HandlerReads.sum(rs);
  }

  /** Aurora MySQL's storage when the server is Aurora; otherwise what the topology shows. */
  @Override
  public Replication replication(Sql sql, JdbcSettings settings) throws SQLException {
    String aurora = Aurora.version(sql, AURORA_VERSION);
    return aurora != null ? Aurora.replication("Aurora MySQL", aurora, AURORA_VERSION) : ReplicationProbe.probe(sql);
  }

  @Override
  public Map<String, String> dataLayout(Sql sql, Connection c, JdbcSettings settings, ReadingTableSql table)
      throws SQLException {
    return DataLayout.read(sql, settings.database(), table.name(), table.primaryKey(c));
  }

  @Override
  public Map<String, String> sutSettings(Sql sql) throws SQLException {
    return ServerSettings.read(sql);
  }

  @Override
  public Optional<LiveCopies> liveCopies(Sql sql, JdbcSettings settings, ReplicaContents contents)
      throws SQLException {
    return ReplicaCatchUp.read(sql, (MySqlSettings) settings, contents);
  }

  /**
   * The server's start second: the statement's own start second less the server's Uptime, both of which the server
   * takes from one clock reading per statement, so two reads of one server's start agree.
   */
  @Override
  public Map<String, String> serverStarts(Sql sql) throws SQLException {
    List<List<String>> r = sql.rows("SELECT CONCAT(@@hostname, ':', @@port),"
        + " UNIX_TIMESTAMP() - CAST(VARIABLE_VALUE AS SIGNED)"
        + " FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'UPTIME'");
    return r.isEmpty() ? Map.of() : Map.of("server " + r.get(0).get(0), "started at epoch second " + r.get(0).get(1));
  }

  /**
   * The server's version, the settings that decide what a commit means, whether the connection is encrypted, and
   * the commits semi-synchronous replication saw acknowledged.
   */
  @Override
  public Map<String, String> measurements(Sql sql, JdbcSettings settings) throws SQLException {
    Map<String, String> m = new LinkedHashMap<>();
    List<List<String>> v = sql.rows("SELECT VERSION(), @@innodb_flush_log_at_trx_commit, @@sync_binlog");
    if (!v.isEmpty()) {
      m.put("mysql server version", v.get(0).get(0));
      m.put("mysql durability", "innodb_flush_log_at_trx_commit=" + v.get(0).get(1) + ", sync_binlog="
          + v.get(0).get(2));
    }
    Map<String, String> tls = sql.variables(
        "SHOW SESSION STATUS WHERE Variable_name IN ('Ssl_version', 'Ssl_cipher')");
    String version = tls.getOrDefault("ssl_version", "");
    String sslMode = ((MySqlSettings) settings).sslMode();
    m.put("mysql connection", version == null || version.isEmpty() ? "not encrypted (" + MySqlSettings.SSL_MODE
        + "=" + sslMode + ")" : "TLS " + version + ", " + tls.get("ssl_cipher"));
    SemiSync semiSync = SemiSync.read(sql);
    if (semiSync.enabled()) {
      m.put("mysql semi-sync", semiSync.acknowledgements());
    }
    return m;
  }
}

package io.iotkit.binding.postgresql;

import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.Replication;
import io.iotkit.binding.jdbc.Dialect;
import io.iotkit.binding.jdbc.JdbcSettings;
import io.iotkit.binding.jdbc.ReadingTableSql;
import io.iotkit.binding.jdbc.ReplicaContents;
import io.iotkit.binding.jdbc.Sql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * PostgreSQL for the JDBC core: pgJDBC with {@link PgSettings}, the table of {@link PgTable}, the backend's
 * per-table read counters as the rows a window read, and the server's own answers on its copies
 * ({@link PgReplication}, Aurora PostgreSQL included), layout ({@link PgLayout}) and settings
 * ({@link PgServerSettings}).
 */
final class PgDialect implements Dialect {
  /** How long the replicas get to replay what the primary had written when their copies are counted. */
  static final long CATCH_UP_SECONDS = 30;
  static final PgDialect INSTANCE = new PgDialect();

  private PgDialect() {
  }

  @Override
  public String name() {
    return "postgresql";
  }

  @Override
  public JdbcSettings settings(Properties properties) {
    return PgSettings.from(properties);
  }

  /**
   * A connection through pgJDBC's driver directly: the binding lives in a class loader of its own, where
   * java.sql.DriverManager would not find a driver it did not load itself.
   */
  @Override
  public Connection connect(JdbcSettings settings) throws DBException {
    PgSettings s = (PgSettings) settings;
    try {
      Connection c = new org.postgresql.Driver().connect(s.url(), s.connectionProperties());
      if (c == null) {
        throw new DBException("postgresql: pgJDBC does not accept the URL " + s.url());
      }
      return c;
    } catch (SQLException e) {
      throw new DBException(PgConnectionErrors.describe(e, s));
    }
  }

  @Override
  public ReadingTableSql table(JdbcSettings settings) {
    return new PgTable(settings.table());
  }

  @Override
  public String rowsReadSql(ReadingTableSql table) {
    return ((PgTable) table).rowsReadSql();
  }

  @Override
  public long rowsRead(ResultSet rs) throws SQLException {
    return rs.next() ? rs.getLong(1) : 0;
  }

  @Override
  public Replication replication(Sql sql, JdbcSettings settings) throws SQLException {
    return PgReplication.probe(sql);
  }

  @Override
  public Map<String, String> dataLayout(Sql sql, Connection c, JdbcSettings settings, ReadingTableSql table)
      throws SQLException {
    return PgLayout.read(sql, settings.database(), (PgTable) table);
  }

  /**
   * The primary and each standby that has replayed the primary's WAL up to where it stood when asked, waiting up
   * to {@value #CATCH_UP_SECONDS} s for them to get there: read on each standby, with its copy of the readings
   * counted, when the binding is told of them ({@link StandbyCopies}); otherwise the streaming standbys as the
   * primary sees them (pg_stat_replication reads the WAL senders' live state, so each poll sees it anew).
   */
  @Override
  public Optional<LiveCopies> liveCopies(Sql sql, JdbcSettings settings, ReplicaContents contents)
      throws SQLException {
    String target = sql.single("SELECT pg_current_wal_lsn()::text");
    PgSettings pg = (PgSettings) settings;
    if (!pg.standbys().isEmpty()) {
      return Optional.of(StandbyCopies.read(this, pg, target, contents));
    }
    long deadline = System.nanoTime() + CATCH_UP_SECONDS * 1_000_000_000L;
    String query = "SELECT count(*) FILTER (WHERE replay_lsn >= '" + target + "'::pg_lsn), count(*),"
        + " count(*) FILTER (WHERE replay_lsn IS NULL) FROM pg_stat_replication WHERE state = 'streaming'";
    List<String> counts = sql.rows(query).get(0);
    while (!counts.get(0).equals(counts.get(1)) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException("interrupted while the replicas caught up", e);
      }
      counts = sql.rows(query).get(0);
    }
    long caughtUp = Sql.number(counts.get(0));
    // without pg_monitor (or superuser) a login sees the standbys but not their positions
    String hidden = Sql.number(counts.get(2)) > 0 ? "; " + counts.get(2) + " standby position(s) not visible to"
        + " this login (grant it pg_monitor)" : "";
    return Optional.of(new LiveCopies((int) (1 + caughtUp), "the primary and " + caughtUp + " of "
        + counts.get(1) + " streaming replica(s) that replayed its WAL up to " + target + " (pg_stat_replication)"
        + hidden + "; their copies of the readings not counted (name the standbys in " + PgSettings.STANDBYS
        + " to count them)"));
  }

  /** The postmaster's start time, which only a restart of the server changes. */
  @Override
  public Map<String, String> serverStarts(Sql sql) throws SQLException {
    List<List<String>> r = sql.rows("SELECT COALESCE(host(inet_server_addr()), 'socket') || ':'"
        + " || current_setting('port'), pg_postmaster_start_time()::text");
    return r.isEmpty() ? Map.of() : Map.of("server " + r.get(0).get(0), "postmaster started " + r.get(0).get(1));
  }

  @Override
  public Map<String, String> sutSettings(Sql sql) throws SQLException {
    return PgServerSettings.read(sql);
  }

  /** The version, what a commit waits for (flush to disk, which standbys), and the connection's TLS. */
  @Override
  public Map<String, String> measurements(Sql sql, JdbcSettings settings) throws SQLException {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("postgresql server version", sql.single("SHOW server_version"));
    m.put("postgresql durability", "fsync=" + sql.single("SHOW fsync") + ", synchronous_commit="
        + sql.single("SHOW synchronous_commit") + ", wal_sync_method=" + sql.single("SHOW wal_sync_method"));
    String standbys = sql.single("SHOW synchronous_standby_names");
    m.put("postgresql synchronous standbys", standbys == null || standbys.isEmpty() ? "none" : standbys);
    List<List<String>> tls = sql.rows("SELECT ssl, version, cipher FROM pg_stat_ssl WHERE pid = pg_backend_pid()");
    m.put("postgresql connection", !tls.isEmpty() && "t".equals(tls.get(0).get(0))
        ? "TLS " + tls.get(0).get(1) + ", " + tls.get(0).get(2)
        : "not encrypted (" + PgSettings.SSL_MODE + "=" + ((PgSettings) settings).sslMode() + ")");
    return m;
  }

  /** {@code SELECT 1}, bounded by the timeout: the server must run a statement, not only hold the socket. */
  @Override
  public boolean ping(Connection c, int timeoutSeconds) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(timeoutSeconds);
      try (ResultSet rs = s.executeQuery("SELECT 1")) {
        boolean answered = rs.next();
        if (!c.getAutoCommit()) {
          c.commit();
        }
        return answered;
      }
    }
  }
}

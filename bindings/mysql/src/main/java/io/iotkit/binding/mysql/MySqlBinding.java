package io.iotkit.binding.mysql;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.BlockingBatchWriter;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.Replication;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.errors.ConnectFailures;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.DBException;

/**
 * Stores readings in one InnoDB table of a MySQL or MariaDB server (see {@link ReadingTable}), through one
 * JDBC connection per binding object, that is per insert thread.
 *
 * <p><b>Acknowledgement.</b> JDBC writes synchronously, so the kit's {@link BlockingBatchWriter} gathers the thread's
 * readings: every {@value MySqlSettings#BATCH_SIZE}-th reading (default 100) has {@link #writeBatch} send the batch
 * as one multi-row INSERT (Connector/J's rewriteBatchedStatements) in one transaction and commit it; its readings
 * are acknowledged when the commit succeeded, so the server has made the whole batch durable as its configuration
 * defines (InnoDB's default flushes the redo log at every commit). Any failure rolls the transaction back and the
 * whole batch fails: nothing of it is counted, and nothing of it is stored. (Should the connection break after
 * the server committed but before it answered, the batch is reported lost although stored; the data check then
 * finds the extra readings: the kit never counts a batch the server did not confirm.)
 *
 * <p><b>Window queries</b> are one aggregate over a primary-key range (see {@link ReadingTable#windowSql}). The rows
 * the server read to answer (the window's {@code read}) are the difference of the session's read counters
 * ({@link HandlerReads}) read just before and after it, in the same round trip as the aggregate.
 *
 * <p><b>Transactions.</b> The connection never keeps a transaction open between calls, and reads run at
 * READ COMMITTED: a count or a window query always sees every batch committed before it.
 */
public final class MySqlBinding extends KitBinding {
  private static final int PING_TIMEOUT_SECONDS = 10;
  private MySqlSettings settings;
  private ReadingTable table;
  private Connection connection;
  private PreparedStatement insert;
  private final Map<Aggregate, PreparedStatement> windows = new EnumMap<>(Aggregate.class);
  private BlockingBatchWriter batches;

  @Override
  public void init() throws DBException {
    try {
      settings = MySqlSettings.from(getProperties());
    } catch (IllegalArgumentException e) {
      throw new DBException("mysql: " + e.getMessage() + " in the binding properties", e);
    }
    table = new ReadingTable(settings.table());
    connection = Connections.open(settings);
    try {
      ensureTable();
      connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      connection.setAutoCommit(false);
      insert = connection.prepareStatement(table.insertSql());
      batches = new BlockingBatchWriter(settings.batchSize(), this::writeBatch);
    } catch (SQLException e) {
      closeQuietly();
      throw new DBException("mysql: cannot use table " + settings.database() + "." + table.name() + " at "
          + settings.address() + ": " + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  /**
   * Creates the table if it is missing; refuses one whose primary key would make window queries full scans, or
   * whose padding column is too narrow for the largest readings (a table of a kit before --kvp-bytes).
   */
  private void ensureTable() throws SQLException, DBException {
    if (!table.exists(connection, settings.database())) {
      try (Statement s = connection.createStatement()) {
        s.execute(table.createSql()); // IF NOT EXISTS: another instance may create it at the same moment
      }
    }
    List<String> key = table.primaryKey(connection, settings.database());
    if (!key.equals(ReadingTable.PRIMARY_KEY)) {
      closeQuietly();
      throw new DBException("mysql: table " + settings.database() + "." + table.name() + " at " + settings.address()
          + " has primary key " + key + ", not " + ReadingTable.PRIMARY_KEY + "; drop it or set "
          + MySqlSettings.TABLE);
    }
    long padding = table.paddingBytes(connection, settings.database());
    if (padding < ReadingTable.PADDING_BYTES) {
      closeQuietly();
      throw new DBException("mysql: table " + settings.database() + "." + table.name() + " at " + settings.address()
          + " holds " + (padding < 0 ? "no padding column" : "paddings of at most " + padding + " bytes") + ", not "
          + ReadingTable.PADDING_BYTES + " (readings of up to 10 kB, --kvp-bytes); drop it (the kit makes it again)"
          + " or set " + MySqlSettings.TABLE);
    }
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) {
    batches.write(reading, ack);
  }

  @Override
  public void flush() {
    batches.flush();
  }

  /** One batch as one multi-row INSERT in one transaction, committed; rolled back if anything fails. */
  private void writeBatch(List<Reading> batch) throws SQLException {
    try {
      for (Reading r : batch) {
        insert.setString(1, r.substation());
        insert.setString(2, r.sensor());
        insert.setLong(3, r.micros());
        insert.setDouble(4, Double.parseDouble(r.value()));
        insert.setString(5, r.unit());
        insert.setBytes(6, r.padding());
        insert.addBatch();
      }
      insert.executeBatch();
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      rollbackQuietly();
      throw e;
    } finally {
      clearBatchQuietly();
    }
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException {
    try {
      PreparedStatement ps = windows.get(fn);
      if (ps == null) {
        // the session's read counters, the window's aggregate, the counters again: one round trip, three result
        // sets (the connection's inserts move the counters too, so they are read right around the aggregate)
        ps = connection.prepareStatement(HandlerReads.SQL + "; " + table.windowSql(fn) + "; " + HandlerReads.SQL);
        windows.put(fn, ps);
      }
      ps.setString(1, substation);
      ps.setString(2, sensor);
      ps.setLong(3, fromMicros);
      ps.setLong(4, toMicros);
      ps.execute();
      long rowsBefore;
      try (ResultSet rs = ps.getResultSet()) {
        rowsBefore = HandlerReads.sum(rs);
      }
      nextResult(ps, "the window's aggregate");
      long count;
      double value;
      try (ResultSet rs = ps.getResultSet()) {
        rs.next();
        count = rs.getLong(1);
        value = fn == Aggregate.COUNT ? count : rs.getDouble(2);
        value = rs.wasNull() ? Double.NaN : value;
      }
      nextResult(ps, "the read counters after the window");
      long rowsAfter;
      try (ResultSet rs = ps.getResultSet()) {
        rowsAfter = HandlerReads.sum(rs);
      }
      endRead();
      return new WindowResult(count, value, rowsAfter - rowsBefore);
    } catch (SQLException e) {
      rollbackQuietly();
      throw new DBException("mysql: window query on " + settings.address() + " failed: "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  @Override
  public Replication replication() throws DBException {
    return readServer("the replication topology", ReplicationProbe::probe);
  }

  @Override
  public long countReadings(List<String> substations) throws DBException {
    return countReadingsPerSubstation(substations).values().stream().mapToLong(Long::longValue).sum();
  }

  /** One statement for all of them (see {@link ReadingTable#countPerSubstationSql}); a substation with none is 0. */
  @Override
  public Map<String, Long> countReadingsPerSubstation(List<String> substations) throws DBException {
    Map<String, Long> counts = new LinkedHashMap<>();
    substations.forEach(s -> counts.put(s, 0L));
    if (substations.isEmpty()) {
      return counts;
    }
    try (PreparedStatement ps = connection.prepareStatement(table.countPerSubstationSql(substations.size()))) {
      for (int i = 0; i < substations.size(); i++) {
        ps.setString(i + 1, substations.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          counts.put(rs.getString(1), rs.getLong(2));
        }
      }
      endRead();
      return counts;
    } catch (SQLException e) {
      rollbackQuietly();
      throw new DBException("mysql: count on " + settings.address() + " failed: "
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
    try (Statement s = connection.createStatement()) {
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
          + settings.sslMode() + ")" : "TLS " + version + ", " + tls.get("Ssl_cipher"));
      SemiSync semiSync = SemiSync.read(Sql.over(connection));
      if (semiSync.enabled()) {
        m.put("mysql semi-sync", semiSync.acknowledgements());
      }
      endRead();
    } catch (SQLException e) {
      rollbackQuietly();
      m.put("mysql server settings", "could not be read: " + ConnectFailures.firstLine(e.getMessage()));
    }
    return m;
  }

  /** How the server laid out the table and keeps its copies ({@link DataLayout}), read from the server. */
  @Override
  public Map<String, String> dataLayout() throws DBException {
    return readServer("the data layout", sql -> DataLayout.read(sql, settings.database(), table.name(),
        table.primaryKey(connection, settings.database())));
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
      T answer = read.read(Sql.over(connection));
      endRead();
      return answer;
    } catch (SQLException e) {
      rollbackQuietly();
      throw new DBException("mysql: cannot read " + what + " of " + settings.address() + ": "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  /** A protocol-level ping of the server (JDBC isValid). */
  @Override
  public void ping() throws DBException {
    try {
      if (!connection.isValid(PING_TIMEOUT_SECONDS)) {
        throw new DBException("mysql: " + settings.address() + " did not answer a ping within "
            + PING_TIMEOUT_SECONDS + " s");
      }
    } catch (SQLException e) {
      throw new DBException("mysql: ping of " + settings.address() + " failed: "
          + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  @Override
  public void purge() throws DBException {
    try (Statement s = connection.createStatement()) {
      s.execute(table.truncateSql());
    } catch (SQLException e) {
      throw new DBException("mysql: TRUNCATE of " + settings.database() + "." + table.name() + " on "
          + settings.address() + " failed: " + ConnectFailures.firstLine(e.getMessage()));
    }
  }

  /**
   * Ends the read's transaction, so the next statement sees everything committed since. Nothing of a pending
   * batch has reached the server yet (addBatch only buffers it in the driver), so this commits the read alone.
   */
  private static void nextResult(PreparedStatement ps, String what) throws SQLException {
    if (!ps.getMoreResults()) {
      throw new SQLException("the server sent no result set for " + what);
    }
  }

  private void endRead() throws SQLException {
    connection.commit();
  }

  private void clearBatchQuietly() {
    try {
      insert.clearBatch();
    } catch (SQLException e) {
      // the statement is unusable; the next executeBatch reports that
    }
  }

  private void rollbackQuietly() {
    try {
      connection.rollback();
    } catch (SQLException e) {
      // the connection is failing anyway; the caller reports the original error
    }
  }

  /** Writes what the thread still holds (its acknowledgements report it), then closes the connection. */
  @Override
  public void cleanup() {
    if (connection != null) {
      flush();
    }
    closeQuietly();
  }

  private void closeQuietly() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        // closing only releases resources
      }
      connection = null;
    }
  }
}

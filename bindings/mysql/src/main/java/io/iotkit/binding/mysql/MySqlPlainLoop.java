package io.iotkit.binding.mysql;

import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.binding.bench.PlainThreads;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

/**
 * The plain Connector/J loop the mysql binding is measured against: one connection per thread, opened with the
 * binding's own settings (rewriteBatchedStatements, so a batch travels as one multi-row INSERT), the binding's
 * INSERT into the binding's table, autocommit off and one commit per {@code mysql.batch.size} rows. A row counts
 * once its commit returned, as in the binding: the same durability (whatever innodb_flush_log_at_trx_commit,
 * sync_binlog and semi-synchronous replication make a commit wait for, the server waits for here too).
 */
final class MySqlPlainLoop implements PlainClientLoop {
  private final MySqlSettings settings;
  private final ReadingTable table;
  /** The first timestamp the next call may use: calls on one loop never reuse a (sensor, timestamp). */
  private long nextMicros;

  MySqlPlainLoop(MySqlSettings settings) {
    this.settings = settings;
    this.table = new ReadingTable(settings.table());
  }

  @Override
  public long write(String substation, PlainReading[] pool, long count, int threads) throws Exception {
    // A client stores numbers, not the generator's text: parse each pooled value once, outside the loop.
    double[] values = new double[pool.length];
    for (int i = 0; i < pool.length; i++) {
      values[i] = Double.parseDouble(pool[i].value());
    }
    ensureTable();
    long base = Math.max(TimeUnit.MILLISECONDS.toMicros(System.currentTimeMillis()), nextMicros);
    nextMicros = base + count;
    return PlainThreads.run(pool, count, threads, (mine, from, to) -> {
      try (Connection c = Connections.open(settings)) {
        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        c.setAutoCommit(false);
        try (PreparedStatement insert = c.prepareStatement(table.insertSql())) {
          int pending = 0;
          for (long i = from; i < to; i++) {
            int p = mine[(int) ((i - from) % mine.length)];
            PlainReading r = pool[p];
            insert.setString(1, substation);
            insert.setString(2, r.sensor());
            insert.setLong(3, base + i); // unique within the call, so unique for each sensor
            insert.setDouble(4, values[p]);
            insert.setString(5, r.unit());
            insert.setBytes(6, r.padding());
            insert.addBatch();
            if (++pending == settings.batchSize() || i == to - 1) {
              insert.executeBatch();
              c.commit();
              pending = 0;
            }
          }
        }
      }
      return to - from;
    });
  }

  /** The binding creates the table in init(); so does the loop, should it run first (IF NOT EXISTS). */
  private void ensureTable() throws Exception {
    try (Connection c = Connections.open(settings); Statement s = c.createStatement()) {
      s.execute(table.createSql());
    } catch (SQLException e) {
      throw new SQLException("mysql: cannot create table " + settings.database() + "." + table.name() + " at "
          + settings.address() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    // every connection is closed by the call that opened it
  }
}

package io.iotkit.binding.jdbc;

import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.binding.bench.PlainThreads;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;

/**
 * The plain JDBC loop a SQL binding is measured against: one connection per thread, opened by the dialect with
 * the binding's own settings (so a batch travels as the driver's multi-row INSERT), the binding's INSERT into the
 * binding's table, autocommit off and one commit per batch of {@code <name>.batch.size} rows. A row counts once
 * its commit returned, as in the binding: the same durability (whatever the server makes a commit wait for, it
 * waits for here too).
 *
 * <p>Connections live one round, as the instance's do: {@link #startRound} opens them before the round is timed,
 * as the binding's are opened before its timed run, and {@link #endRound} closes them (PostgreSQL's backends end
 * with them). A call opens only those its threads find missing.
 */
public final class JdbcPlainLoop implements PlainClientLoop {
  private final Dialect dialect;
  private final JdbcSettings settings;
  private final ReadingTableSql table;
  private final ConcurrentLinkedDeque<Writer> idle = new ConcurrentLinkedDeque<>();
  private boolean tableChecked;
  /** The first timestamp the next call may use: calls on one loop never reuse a (sensor, timestamp). */
  private long nextMicros;

  /** One thread's connection and its prepared INSERT. */
  private record Writer(Connection connection, PreparedStatement insert) {
  }

  public JdbcPlainLoop(Dialect dialect, JdbcSettings settings) {
    this.dialect = dialect;
    this.settings = settings;
    this.table = dialect.table(settings);
  }

  @Override
  public long write(String substation, PlainReading[] pool, long count, int threads) throws Exception {
    // A client stores numbers, not the generator's text: parse each pooled value once, outside the loop.
    double[] values = new double[pool.length];
    for (int i = 0; i < pool.length; i++) {
      values[i] = Double.parseDouble(pool[i].value());
    }
    long base = Math.max(TimeUnit.MILLISECONDS.toMicros(System.currentTimeMillis()), nextMicros);
    nextMicros = base + count;
    return PlainThreads.run(pool, count, threads, (mine, from, to) -> {
      Writer w = idle.pollFirst();
      if (w == null) {
        w = open();
      }
      try {
        int pending = 0;
        for (long i = from; i < to; i++) {
          int p = mine[(int) ((i - from) % mine.length)];
          PlainReading r = pool[p];
          w.insert.setString(1, substation);
          w.insert.setString(2, r.sensor());
          w.insert.setLong(3, base + i); // unique within the call, so unique for each sensor
          w.insert.setDouble(4, values[p]);
          w.insert.setString(5, r.unit());
          w.insert.setBytes(6, r.padding());
          w.insert.addBatch();
          if (++pending == settings.batchSize() || i == to - 1) {
            w.insert.executeBatch();
            w.connection.commit();
            pending = 0;
          }
        }
      } catch (Exception | Error e) {
        w.connection.close(); // a failed connection is not used again
        throw e;
      }
      idle.addFirst(w);
      return to - from;
    });
  }

  @Override
  public void startRound(int threads) throws Exception {
    for (int i = idle.size(); i < threads; i++) {
      idle.addFirst(open());
    }
  }

  @Override
  public void endRound() throws SQLException {
    close();
  }

  /** A connection as the binding opens one, the table created as the binding's init() does (IF NOT EXISTS). */
  private Writer open() throws Exception {
    Connection c = dialect.connect(settings);
    try {
      synchronized (this) {
        if (!tableChecked) {
          try (Statement s = c.createStatement()) {
            s.execute(table.createSql());
          }
          tableChecked = true;
        }
      }
      c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      c.setAutoCommit(false);
      return new Writer(c, c.prepareStatement(table.insertSql()));
    } catch (SQLException e) {
      c.close();
      throw new SQLException(dialect.name() + ": cannot write to " + settings.database() + "." + table.name()
          + " at " + settings.address() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() throws SQLException {
    for (Writer w = idle.pollFirst(); w != null; w = idle.pollFirst()) {
      w.connection.close();
    }
  }
}

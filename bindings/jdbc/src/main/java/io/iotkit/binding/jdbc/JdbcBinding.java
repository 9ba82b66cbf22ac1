package io.iotkit.binding.jdbc;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.BlockingBatchWriter;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import site.ycsb.DBException;

/**
 * Stores readings in the one table of a SQL server (see {@link ReadingTableSql}), through one JDBC connection per
 * binding object, that is per insert thread; each server's binding is this class with its {@link Dialect}.
 *
 * <p><b>Acknowledgement.</b> JDBC writes synchronously, so the kit's {@link BlockingBatchWriter} gathers the
 * thread's readings: each full batch (the binding's {@code <name>.batch.size}) goes to the server as one JDBC
 * batch, which the dialect's driver sends as multi-row INSERTs, in one transaction, and is committed; its readings
 * are acknowledged when the commit succeeded, so the server has made the whole batch durable as its configuration
 * defines. Any failure rolls the transaction back and the whole batch fails: nothing of it is counted, and nothing
 * of it is stored. (Should the connection break after the server committed but before it answered, the batch is
 * reported lost although stored; the data check then finds the extra readings: the kit never counts a batch the
 * server did not confirm.)
 *
 * <p><b>Window queries</b> are one aggregate over a primary-key range. The rows the server read to answer (the
 * window's {@code read}) are the difference of the dialect's read counters taken just before and after it, in
 * the same round trip as the aggregate.
 *
 * <p><b>Transactions.</b> The connection never keeps a transaction open between calls, and reads run at
 * READ COMMITTED: a count or a window query always sees every batch committed before it.
 */
public abstract class JdbcBinding extends KitBinding implements WindowQueries {
  private final Dialect dialect;
  private TableSession t;
  private PreparedStatement insert;
  private final Map<Aggregate, PreparedStatement> windows = new EnumMap<>(Aggregate.class);
  private BlockingBatchWriter batches;

  protected JdbcBinding(Dialect dialect) {
    this.dialect = dialect;
  }

  @Override
  public void init() throws DBException {
    t = TableSession.open(dialect, getProperties());
    try {
      insert = t.connection.prepareStatement(t.table.insertSql());
    } catch (SQLException e) {
      t.close();
      throw t.failure("cannot prepare the insert", e);
    }
    batches = new BlockingBatchWriter(t.settings.batchSize(), t.settings.batchLinger(), this::writeBatch);
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) {
    batches.write(reading, ack);
  }

  @Override
  public void flush() {
    batches.flush();
  }

  @Override
  public OptionalLong flushDue() {
    return batches.flushDue();
  }

  /** One batch in one transaction, committed; rolled back if anything fails. */
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
      t.connection.commit();
    } catch (SQLException | RuntimeException e) {
      t.rollbackQuietly();
      throw e;
    } finally {
      clearBatchQuietly();
    }
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException {
    String counters = dialect.rowsReadSql(t.table);
    try {
      PreparedStatement ps = windows.get(fn);
      if (ps == null) {
        // the read counters, the window's aggregate, the counters again: one round trip, three result sets (the
        // connection's inserts may move the counters too, so they are read right around the aggregate)
        String window = t.table.windowSql(fn);
        ps = t.connection.prepareStatement(counters == null ? window : counters + "; " + window + "; " + counters);
        windows.put(fn, ps);
      }
      ps.setString(1, substation);
      ps.setString(2, sensor);
      ps.setLong(3, fromMicros);
      ps.setLong(4, toMicros);
      ps.execute();
      long rowsBefore = 0;
      if (counters != null) {
        try (ResultSet rs = ps.getResultSet()) {
          rowsBefore = dialect.rowsRead(rs);
        }
        nextResult(ps, "the window's aggregate");
      }
      long count;
      double value;
      try (ResultSet rs = ps.getResultSet()) {
        rs.next();
        count = rs.getLong(1);
        value = fn == Aggregate.COUNT ? count : rs.getDouble(2);
        value = rs.wasNull() ? Double.NaN : value;
      }
      long read = WindowResult.UNMEASURED;
      if (counters != null) {
        nextResult(ps, "the read counters after the window");
        try (ResultSet rs = ps.getResultSet()) {
          read = dialect.rowsRead(rs) - rowsBefore;
        }
      }
      t.endRead();
      return new WindowResult(count, value, read);
    } catch (SQLException e) {
      t.rollbackQuietly();
      throw t.failure("window query", e);
    }
  }

  private static void nextResult(PreparedStatement ps, String what) throws SQLException {
    if (!ps.getMoreResults()) {
      throw new SQLException("the server sent no result set for " + what);
    }
  }

  private void clearBatchQuietly() {
    try {
      insert.clearBatch();
    } catch (SQLException e) {
      // the statement is unusable; the next executeBatch reports that
    }
  }

  /** Writes what the thread still holds (its acknowledgements report it), then closes the connection. */
  @Override
  public void cleanup() {
    if (t != null) {
      flush();
      t.close();
      t = null;
    }
  }
}

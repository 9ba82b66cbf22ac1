package io.iotkit.binding.postgresql;

import io.iotkit.binding.jdbc.JdbcBinding;

/**
 * Stores readings in one table of a PostgreSQL server (see {@link PgTable}) through the JDBC core
 * ({@link JdbcBinding}), one connection per insert thread.
 *
 * <p><b>Acknowledgement.</b> Every {@value PgSettings#BATCH_SIZE}-th reading (default 100) the batch goes to the
 * server as multi-row INSERTs (pgJDBC's reWriteBatchedInserts) in one transaction, and its readings are
 * acknowledged once the COMMIT returned: with the default synchronous_commit=on the server has flushed the
 * transaction's WAL to disk, and, with synchronous standbys named, they have flushed it too (remote_apply: applied
 * it). A batch size of 1 writes each reading in a transaction of its own.
 *
 * <p><b>Window queries</b> are one aggregate over a range of the primary key; the rows the server read are the
 * difference of the backend's read counters for the table and its indexes just before and after it, in the same
 * round trip.
 */
public final class PostgreSqlBinding extends JdbcBinding {
  public PostgreSqlBinding() {
    super(PgDialect.INSTANCE);
  }
}

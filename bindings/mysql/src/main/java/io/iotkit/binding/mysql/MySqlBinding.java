package io.iotkit.binding.mysql;

import io.iotkit.binding.jdbc.JdbcBinding;

/**
 * Stores readings in one InnoDB table of a MySQL or MariaDB server (see {@link ReadingTable}) through the JDBC
 * core ({@link JdbcBinding}), one connection per insert thread.
 *
 * <p><b>Acknowledgement.</b> Every {@value MySqlSettings#BATCH_SIZE}-th reading (default 100) the batch goes to the
 * server as one multi-row INSERT (Connector/J's rewriteBatchedStatements) in one transaction, and its readings are
 * acknowledged once the commit succeeded: the server has made the batch durable as its configuration defines
 * (InnoDB's default flushes the redo log at every commit; semi-synchronous replication makes a commit wait for a
 * replica's relay log).
 *
 * <p><b>Window queries</b> are one aggregate over a primary-key range; the rows the server read are the difference
 * of the session's read counters ({@link HandlerReads}) read just before and after it, in the same round trip.
 */
public final class MySqlBinding extends JdbcBinding {
  public MySqlBinding() {
    super(MySqlDialect.INSTANCE);
  }
}

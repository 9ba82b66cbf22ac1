package io.iotkit.binding;

import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * What a store must answer for the kit: a YCSB {@link DB} plus five kit operations.
 * It knows nothing of the run protocol; the master decides when each is called.
 *
 * <p>Like any YCSB DB, one object serves one thread. Driver instances call {@link #insert} and
 * {@link #aggregate}; the master calls {@link #replication}, {@link #countReadings} and {@link #purge}.
 *
 * <p><b>Acknowledgement contract of {@link #insert}.</b> A reading counts as ingested only when the
 * store has acknowledged it durably. A binding that batches returns {@link Status#BATCHED_OK} for a
 * reading it buffered, {@link Status#OK} when this call made the store acknowledge the reading and
 * every reading buffered before it, and an error status when that whole unacknowledged batch failed.
 * {@link #flush()} settles what is still buffered in the same way. A binding that does not batch
 * simply returns OK or an error for each reading.
 */
public abstract class KitBinding extends DB {

  /** Makes every buffered reading durable: OK if all were acknowledged, an error status if they were lost. */
  public abstract Status flush();

  /**
   * Reads one sensor's readings with {@code fromMicros <= timestamp < toMicros} and aggregates their values.
   * The readings must really be read (server-side aggregation is fine).
   */
  public abstract WindowResult aggregate(Aggregate fn, String substation, String sensor,
                                         long fromMicros, long toMicros) throws DBException;

  /** The replication factor of the data this binding writes, as the store itself reports it. */
  public abstract Replication replication() throws DBException;

  /** Exact number of readings stored under one substation key. */
  public abstract long countReadings(String substation) throws DBException;

  /** Deletes every reading the kit wrote. */
  public abstract void purge() throws DBException;

  // The kit drives only inserts through YCSB; the other YCSB operations are not part of the workload.

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<java.util.HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }
}

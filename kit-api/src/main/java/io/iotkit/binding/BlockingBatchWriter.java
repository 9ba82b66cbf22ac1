package io.iotkit.binding;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import site.ycsb.DBException;

/**
 * The kit's {@link ReadingWriter} for a store whose client writes synchronously (JDBC): it gathers readings into
 * batches and, when a batch is full or on {@link #flush}, has the store write the batch on the calling thread,
 * then reports each of its readings acknowledged (the write returned) or failed (it threw). So the insert thread
 * waits for its store at every batch boundary, as such a client does.
 */
public final class BlockingBatchWriter implements ReadingWriter {
  /**
   * Writes a whole batch and returns once the store acknowledged every reading of it durably, or throws. The list
   * is the writer's again once the call returns.
   */
  @FunctionalInterface
  public interface Batches extends AutoCloseable {
    void write(List<Reading> batch) throws Exception;

    /** Releases the store's client. Nothing by default. */
    @Override
    default void close() throws DBException {
    }
  }

  private final int batchSize;
  private final Batches store;
  private final List<Reading> readings;
  private final List<Acknowledgement> acks;

  public BlockingBatchWriter(int batchSize, Batches store) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("a batch holds at least one reading, not " + batchSize);
    }
    this.batchSize = batchSize;
    this.store = store;
    this.readings = new ArrayList<>(batchSize);
    this.acks = new ArrayList<>(batchSize);
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) {
    readings.add(reading);
    acks.add(ack);
    if (readings.size() >= batchSize) {
      flush();
    }
  }

  @Override
  public void flush() {
    if (readings.isEmpty()) {
      return;
    }
    Throwable failure = null;
    try {
      store.write(Collections.unmodifiableList(readings));
    } catch (Exception e) {
      failure = e;
    }
    for (Acknowledgement a : acks) {
      if (failure == null) {
        a.acknowledged();
      } else {
        a.failed(failure);
      }
    }
    readings.clear();
    acks.clear();
  }

  @Override
  public void close() throws DBException {
    store.close();
  }
}

package io.iotkit.binding;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import site.ycsb.DBException;

/**
 * The kit's {@link ReadingWriter} for a store whose client writes synchronously (JDBC): it gathers readings into
 * batches and, when a batch is full or on {@link #flush}, has the store write the batch on the calling thread,
 * then reports each of its readings acknowledged (the write returned) or failed (it threw). So the insert thread
 * waits for its store at every batch boundary, as such a client does. With a linger, a partial batch is due to be
 * sent once its oldest reading has waited that long ({@link #flushDue}): a paced thread sends it before it waits
 * for its next reading.
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
  private final BatchLinger linger;
  private final Batches store;
  private final List<Reading> readings;
  private final List<Acknowledgement> acks;

  /** A writer that holds a partial batch until it fills or is flushed. */
  public BlockingBatchWriter(int batchSize, Batches store) {
    this(batchSize, Duration.ZERO, store);
  }

  /**
   * @param linger how long a held batch's oldest reading may wait before the batch is due to be sent unfilled;
   *               zero for no linger
   */
  public BlockingBatchWriter(int batchSize, Duration linger, Batches store) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("a batch holds at least one reading, not " + batchSize);
    }
    this.batchSize = batchSize;
    this.linger = new BatchLinger(linger);
    this.store = store;
    this.readings = new ArrayList<>(batchSize);
    this.acks = new ArrayList<>(batchSize);
  }

  @Override
  public OptionalLong flushDue() {
    return linger.due();
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) {
    linger.taken();
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
    linger.sent();
  }

  @Override
  public void close() throws DBException {
    store.close();
  }
}

package io.iotkit.binding;

import java.util.OptionalLong;
import site.ycsb.DBException;

/**
 * Writes the readings of one insert thread of a driver instance: the one acknowledgement contract of the kit.
 *
 * <p>{@link #write} hands a reading to the store and returns without waiting for the store's answer; the binding
 * reports that answer later through the reading's {@link Acknowledgement} (durably acknowledged, or lost), from any
 * thread. A binding may hold readings to send them in batches. The kit bounds how many readings a thread has in
 * flight: while too many are, it does not call {@code write}, and when it hears nothing for a while it calls
 * {@link #flush}, so held readings cannot stall it. A thread's phase ends once every reading was reported.
 *
 * <p>A store whose client only writes synchronously (JDBC) is wrapped by the kit's {@link BlockingBatchWriter}:
 * the binding writes a whole batch and returns when the store acknowledged it.
 *
 * <p>One writer serves one thread; {@link #close} is called once every reading was reported, or when the phase
 * ends in failure.
 */
public interface ReadingWriter extends AutoCloseable {
  /**
   * Hands {@code reading} to the store; {@code ack} hears once what became of it. Throwing means the reading was
   * not taken (it counts as failed) and {@code ack} is never called.
   */
  void write(Reading reading, Acknowledgement ack) throws DBException;

  /** Sends whatever the writer holds, without waiting, so that every reading taken so far will be reported. */
  void flush() throws DBException;

  /**
   * When the writer wants {@link #flush} called although its batch is not full: the {@link System#nanoTime()}
   * instant its oldest held reading has lingered as long as the binding lets it, or empty when it holds none (or
   * does not linger). A paced thread that would wait past that instant for its next reading calls flush then, so a
   * slow schedule does not hold readings for a whole batch. None by default: a writer that sends as it takes.
   */
  default OptionalLong flushDue() {
    return OptionalLong.empty();
  }

  /** Releases what the writer holds open; its readings were all reported. */
  @Override
  void close() throws DBException;
}

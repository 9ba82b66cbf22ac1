package io.iotkit.binding;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * How long a writer's partial batch may wait for more readings: the instant its oldest held reading was taken,
 * and from it the instant the batch is due to be sent unfilled ({@link ReadingWriter#flushDue}). A batching
 * writer tells it each reading it takes and each batch it sends; it reads the clock once per batch, at the batch's
 * first reading. Not thread-safe: a writer that takes readings on several threads calls it under its own lock.
 */
public final class BatchLinger {
  private final long lingerNanos;
  private boolean holding;
  private long oldestNanos;

  /** @param linger how long the oldest held reading may wait; zero for a batch that waits until it is full */
  public BatchLinger(Duration linger) {
    if (linger.isNegative()) {
      throw new IllegalArgumentException("a linger is 0 or more, not " + linger);
    }
    this.lingerNanos = linger.toNanos();
  }

  /** A reading joined the batch. */
  public void taken() {
    if (!holding) {
      holding = true;
      if (lingerNanos > 0) {
        oldestNanos = System.nanoTime();
      }
    }
  }

  /** The batch was sent: the writer holds nothing. */
  public void sent() {
    holding = false;
  }

  /** The {@link System#nanoTime()} instant the held batch is due, or empty when nothing is held or no linger. */
  public OptionalLong due() {
    return lingerNanos == 0 || !holding ? OptionalLong.empty() : OptionalLong.of(oldestNanos + lingerNanos);
  }
}

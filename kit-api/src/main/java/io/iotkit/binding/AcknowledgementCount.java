package io.iotkit.binding;

import java.time.Duration;

/**
 * One {@link Acknowledgement} for many readings: it counts their answers and lets a caller that needs them wait,
 * as a synchronous caller of a {@link ReadingWriter} does (YCSB's insert, a binding's own tests).
 */
public final class AcknowledgementCount implements Acknowledgement {
  private long acknowledged;
  private long failed;
  private Throwable firstFailure;

  @Override
  public synchronized void acknowledged() {
    acknowledged++;
    notifyAll();
  }

  @Override
  public synchronized void failed(Throwable cause) {
    if (failed++ == 0) {
      firstFailure = cause;
    }
    notifyAll();
  }

  /**
   * Waits until {@code readings} answers came in all, or {@code timeout} passed; returns whether they came.
   * Interrupted, it returns false with the interrupt kept.
   */
  public synchronized boolean await(long readings, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (acknowledged + failed < readings) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        wait(Math.max(1, left / 1_000_000));
      }
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  public synchronized long acknowledgedCount() {
    return acknowledged;
  }

  public synchronized long failedCount() {
    return failed;
  }

  /** The cause of the first failure, or null. */
  public synchronized Throwable firstFailure() {
    return firstFailure;
  }
}

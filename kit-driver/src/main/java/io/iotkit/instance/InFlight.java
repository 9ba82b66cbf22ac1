package io.iotkit.instance;

import io.iotkit.binding.Acknowledgement;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One insert thread's readings in flight: the {@link Acknowledgement} its writer reports each reading to (from any
 * thread), and the wait that bounds how many readings the thread has handed over and not yet seen settled.
 * Acknowledgements go straight into the thread's {@link ThreadMeasurements#acknowledgedSoFar}, so the per-second
 * sampler counts each one in the second it arrived.
 */
final class InFlight implements Acknowledgement {
  private static final Logger LOG = LoggerFactory.getLogger(InFlight.class);
  /** How long a wait sees no report before it has the binding send what it holds. */
  private static final long STALL_NANOS = 10_000_000;

  private final ThreadMeasurements measured;
  /** The binding's flush: sends what it holds. */
  private final Runnable sendHeld;
  private final AtomicLong failed = new AtomicLong();
  /** Readings handed to the binding; written by the insert thread only. */
  private long handedOver;
  /** The insert thread while it waits, for the reporting threads to wake. */
  private volatile Thread waiting;

  InFlight(ThreadMeasurements measured, Runnable sendHeld) {
    this.measured = measured;
    this.sendHeld = sendHeld;
  }

  @Override
  public void acknowledged() {
    measured.acknowledgeConcurrently(1);
    wake();
  }

  /**
   * The acknowledgement of one reading generated at {@code generatedNanos} ({@link System#nanoTime()}): it records
   * the reading's ingest latency, generation to acknowledgement, before it counts the reading, so a sample that
   * sees the count has the latency too.
   */
  Acknowledgement timedFrom(long generatedNanos) {
    return new Acknowledgement() {
      @Override
      public void acknowledged() {
        measured.ingestMicros.recordValue(Math.max(0, System.nanoTime() - generatedNanos) / 1_000);
        InFlight.this.acknowledged();
      }

      @Override
      public void failed(Throwable cause) {
        InFlight.this.failed(cause);
      }
    };
  }

  @Override
  public void failed(Throwable cause) {
    // a count alone would leave the reason to guesswork: the thread's first failure goes to the instance log
    if (failed.getAndIncrement() == 0) {
      LOG.warn("an insert failed (this thread's later failures are counted, not logged): {}", String.valueOf(cause));
    }
    wake();
  }

  private void wake() {
    Thread t = waiting;
    if (t != null) {
      LockSupport.unpark(t);
    }
  }

  /** The insert thread is about to hand one reading over. */
  void handOver() {
    handedOver++;
  }

  /** The reading just handed over was refused at once: the binding will not report it. */
  void refused() {
    handedOver--;
  }

  /**
   * Waits, on the insert thread, until at most {@code readings} are in flight. A binding may hold readings it has
   * not sent yet (a partial batch) that no report can settle: whenever a wait sees no report for a while, it calls
   * the binding's flush, which sends them, and waits on. The counts are read one after the other
   * and only grow, so the figure may be too high for a moment, never too low: no wait ends early.
   */
  void awaitAtMost(long readings) {
    long inFlight = inFlight();
    if (inFlight <= readings) {
      return;
    }
    waiting = Thread.currentThread();
    try {
      // waiting is written before the counts are read again, and a reporter adds before it reads waiting:
      // either the reporter sees this thread and wakes it, or this thread sees the reporter's count.
      long deadline = System.nanoTime() + STALL_NANOS;
      for (long before = inFlight; (inFlight = inFlight()) > readings; ) {
        if (inFlight < before) {
          before = inFlight;
          deadline = System.nanoTime() + STALL_NANOS;
        } else if (System.nanoTime() - deadline >= 0) {
          sendHeld.run();
          deadline = System.nanoTime() + STALL_NANOS;
        }
        LockSupport.parkNanos(this, STALL_NANOS);
      }
    } finally {
      waiting = null;
    }
  }

  long inFlight() {
    return handedOver - measured.acknowledgedSoFar.get() - failed.get();
  }

  /** Readings reported failed so far. */
  long failed() {
    return failed.get();
  }
}

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
 *
 * <p>One exception: a reading acknowledged on the insert thread within its own call to the writer (a sink that
 * answers at once, a synchronous store's batch written as the call fills it) is settled when that call returns, at
 * the instant the thread reads then anyway ({@link #leaveCall}). So a batch completed within one call costs one
 * clock read and one count, not one per reading, and its latencies end no earlier than the store's answer.
 */
final class InFlight implements Acknowledgement {
  private static final Logger LOG = LoggerFactory.getLogger(InFlight.class);
  /** How long a wait sees no report before it has the binding send what it holds. */
  private static final long STALL_NANOS = 10_000_000;
  /** How many timed acknowledgements are made at once, side by side in memory (see {@link #timedFrom}). */
  private static final int TIMED_AT_ONCE = 64;

  private final ThreadMeasurements measured;
  private final IngestLatencies ingest;
  /** The binding's flush: sends what it holds. */
  private final Runnable sendHeld;
  private final AtomicLong failed = new AtomicLong();
  /** Readings handed to the binding; written by the insert thread only. */
  private long handedOver;
  /** The insert thread while it waits, for the reporting threads to wake. */
  private volatile Thread waiting;
  /** While the insert thread waits: the readings in flight it waits for; reporters wake it only at that count. */
  private volatile long wakeAt;
  /** Timed acknowledgements made ahead, handed out in order from {@link #nextTimed}; the insert thread's. */
  private Timed[] timed = new Timed[0];
  private int nextTimed;
  /**
   * The insert thread while it is inside a call to its writer, else null. Written and compared by the insert
   * thread only: another thread that reads a stale value still never finds itself in it.
   */
  private Thread calling;
  /** Readings acknowledged within the current call, settled when it returns; the insert thread's. */
  private long heldCount;
  /** The generation instants of the timed ones among them. */
  private long[] heldGenerated = new long[64];
  private int heldTimed;

  InFlight(ThreadMeasurements measured, IngestLatencies ingest, Runnable sendHeld) {
    this.measured = measured;
    this.ingest = ingest;
    this.sendHeld = sendHeld;
  }

  @Override
  public void acknowledged() {
    if (calling == Thread.currentThread()) {
      heldCount++;
      return;
    }
    countOne();
  }

  /** One reading acknowledged off the insert thread's own call: counted now, and the waiting thread woken. */
  private void countOne() {
    measured.acknowledgeConcurrently(1);
    wake();
  }

  /** The insert thread is about to call its writer (write or flush). */
  void enterCall() {
    calling = Thread.currentThread();
  }

  /**
   * The insert thread's call to its writer returned at {@code nowNanos}: what was acknowledged within it is
   * settled, each timed reading's ingest latency ending at that instant, recorded before the count.
   */
  void leaveCall(long nowNanos) {
    calling = null;
    if (heldCount == 0) {
      return;
    }
    for (int i = 0; i < heldTimed; i++) {
      ingest.record(Math.max(0, nowNanos - heldGenerated[i]) / 1_000);
    }
    measured.acknowledgeConcurrently(heldCount);
    heldCount = 0;
    heldTimed = 0;
  }

  /** A timed reading acknowledged within the current call. */
  private void hold(long generatedNanos) {
    if (heldTimed == heldGenerated.length) {
      heldGenerated = java.util.Arrays.copyOf(heldGenerated, 2 * heldTimed);
    }
    heldGenerated[heldTimed++] = generatedNanos;
    heldCount++;
  }

  /**
   * The acknowledgement of one reading generated at {@code generatedNanos} ({@link System#nanoTime()}), on the
   * insert thread. Its acknowledgements are made {@value #TIMED_AT_ONCE} at a time, so that the readings of a batch
   * have theirs side by side: made one per reading, each would sit between its reading's store request objects,
   * and the store client's thread that reports a batch would miss the cache once per reading, which cost beside
   * HBase about as much as the rest of the measurement.
   */
  Acknowledgement timedFrom(long generatedNanos) {
    if (nextTimed == timed.length) {
      timed = new Timed[TIMED_AT_ONCE];
      for (int i = 0; i < timed.length; i++) {
        timed[i] = new Timed(this);
      }
      nextTimed = 0;
    }
    Timed t = timed[nextTimed++];
    t.generatedNanos = generatedNanos;
    return t;
  }

  /**
   * One reading's acknowledgement that records its ingest latency, generation to acknowledgement, before it counts
   * the reading, so a sample that sees the count has the latency too. Used once. Its generation instant is written
   * on the insert thread before the reading is handed to the binding; the store client's own hand-off of the
   * request to the thread that reports it orders that write before the report reads it.
   */
  private static final class Timed implements Acknowledgement {
    private final InFlight owner;
    private long generatedNanos;

    Timed(InFlight owner) {
      this.owner = owner;
    }

    @Override
    public void acknowledged() {
      if (owner.calling == Thread.currentThread()) {
        owner.hold(generatedNanos);
      } else {
        acknowledgedAt(System.nanoTime());
      }
    }

    @Override
    public void acknowledgedAt(long nanoTime) {
      owner.ingest.record(Math.max(0, nanoTime - generatedNanos) / 1_000);
      owner.countOne();
    }

    @Override
    public void failed(Throwable cause) {
      owner.failed(cause);
    }
  }

  @Override
  public void failed(Throwable cause) {
    // a count alone would leave the reason to guesswork: the thread's first failure goes to the instance log
    measured.fail();
    if (failed.getAndIncrement() == 0) {
      LOG.warn("an insert failed (this thread's later failures are counted, not logged): {}", String.valueOf(cause));
    }
    wake();
  }

  /**
   * Wakes the waiting insert thread once the readings in flight are down to what it waits for, not at every report:
   * a store client that reports a batch reading by reading would otherwise wake it once per reading. The thread
   * wrote its count of handed-over readings before {@link #waiting}, and does not change it while it waits.
   */
  private void wake() {
    Thread t = waiting;
    if (t != null && inFlight() <= wakeAt) {
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
   * Waits, on the insert thread, while {@code bound} readings or more are in flight, until an eighth of the bound
   * (at least one) has settled: a thread at its bound then wakes once per that many reports, as a client that
   * waits for a batch of acknowledgements does, rather than once per report and reading.
   */
  void awaitRoom(long bound) {
    if (inFlight() >= bound) {
      awaitAtMost(bound - Math.max(1, bound / 8));
    }
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
    wakeAt = readings;
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

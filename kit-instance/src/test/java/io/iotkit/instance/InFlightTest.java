package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InFlightTest {
  private static final int BOUND = 64;

  @Test
  void aThreadAtItsBoundWaitsUntilAnEighthSettled() throws Exception {
    AtomicInteger flushes = new AtomicInteger();
    InFlight f = new InFlight(new ThreadMeasurements(), new IngestLatencies(), flushes::incrementAndGet);
    for (int i = 0; i < BOUND; i++) {
      f.handOver();
    }
    Thread waiter = new Thread(() -> f.awaitRoom(BOUND), "insert thread");
    waiter.start();
    while (waiter.getState() != Thread.State.TIMED_WAITING) { // parked in its wait
      Thread.onSpinWait();
    }
    for (int i = 0; i < BOUND / 8 - 1; i++) {
      f.acknowledged();
    }
    waiter.join(300);
    assertTrue(waiter.isAlive(), "7 of 64 settled: the thread still waits");
    f.failed(new IllegalStateException("lost")); // a failure settles a reading too
    waiter.join(5_000);
    assertFalse(waiter.isAlive(), "8 of 64 settled: the thread goes on");
    assertEquals(BOUND - BOUND / 8, f.inFlight());
    assertTrue(flushes.get() > 0, "a wait that heard nothing for a while had the binding send what it holds");
  }

  @Test
  void belowItsBoundAThreadDoesNotWait() {
    InFlight f = new InFlight(new ThreadMeasurements(), new IngestLatencies(), () -> { });
    for (int i = 0; i < BOUND - 1; i++) {
      f.handOver();
    }
    f.awaitRoom(BOUND); // returns at once: 63 in flight
    assertEquals(BOUND - 1, f.inFlight());
  }

  @Test
  void readingsAcknowledgedWithinTheThreadsOwnCallSettleWhenItReturnsTimedAtItsReturn() {
    ThreadMeasurements m = new ThreadMeasurements();
    IngestLatencies ingest = new IngestLatencies();
    InFlight f = handedOver(3, m, ingest);
    long generated = System.nanoTime();
    f.enterCall();
    f.timedFrom(generated).acknowledged(); // a synchronous batch answered within the call
    f.timedFrom(generated).acknowledged();
    f.acknowledged(); // an untimed one (measurement off)
    assertEquals(0, m.acknowledged(), "held until the call returns");
    f.leaveCall(generated + 7_000_000);
    assertEquals(3, m.acknowledged(), "counted once the call returned");
    assertEquals(0, f.inFlight());
    org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
    ingest.addIntervalTo(h);
    assertEquals(2, h.getTotalCount(), "the two timed ones");
    // 3 significant digits: 7,000 µs is kept within 1 part in 1,024
    assertEquals(7_000, h.getMinValue(), 8, "each timed at the call's return: 7 ms after generation");
    assertEquals(7_000, h.getMaxValue(), 8);
  }

  @Test
  void anAcknowledgementFromAnotherThreadOrAtAGivenInstantIsCountedAtOnce() throws Exception {
    ThreadMeasurements m = new ThreadMeasurements();
    IngestLatencies ingest = new IngestLatencies();
    InFlight f = handedOver(2, m, ingest);
    long generated = System.nanoTime();
    f.enterCall();
    long anHourAgo = generated - 3_600_000_000_000L;
    var fromStoreThread = f.timedFrom(anHourAgo);
    Thread t = new Thread(fromStoreThread::acknowledged, "store client");
    t.start();
    t.join();
    assertEquals(1, m.acknowledged(), "another thread's acknowledgement is not held by this thread's call");
    f.timedFrom(generated).acknowledgedAt(generated + 3_000_000); // a batch's answer, its instant read once
    assertEquals(2, m.acknowledged());
    f.leaveCall(generated + 9_000_000);
    assertEquals(2, m.acknowledged(), "nothing was held");
    org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
    ingest.addIntervalTo(h);
    assertEquals(2, h.getTotalCount());
    assertEquals(3_000, h.getMinValue(), 8, "the given instant: 3 ms after generation");
    assertTrue(h.getMaxValue() >= 3_600_000_000L * 0.999, "the other thread's: its own clock read, an hour on");
  }

  /** A thread's readings in flight after it handed {@code n} over. */
  private static InFlight handedOver(int n, ThreadMeasurements m, IngestLatencies ingest) {
    InFlight f = new InFlight(m, ingest, () -> { });
    for (int i = 0; i < n; i++) {
      f.handOver();
    }
    return f;
  }
}

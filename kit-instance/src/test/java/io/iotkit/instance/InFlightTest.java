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
}

package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class AsyncAcknowledgementTest {
  private static final long T0 = 1_767_225_600_000_000L;
  private static final int READINGS = 20_000;

  // Stores and reports readings on a completer thread of its own, shuffled, some failed; refuses some at once
  // (throws, so the kit counts them failed and they are never reported).
  // With holdUntilFlush it sends nothing before flush(), as a binding holding a partial batch.
  private static final class AsyncBinding extends MemoryBinding {
    final LinkedBlockingQueue<Object> sent = new LinkedBlockingQueue<>();
    final AtomicLong handed = new AtomicLong();
    final AtomicLong settled = new AtomicLong();
    final AtomicLong failedReported = new AtomicLong();
    final AtomicLong maxInFlight = new AtomicLong();
    final List<Object[]> held = new ArrayList<>();
    final boolean holdUntilFlush;
    final Thread completer;
    long refused;
    private int n;

    AsyncBinding(boolean holdUntilFlush) {
      super(new ConcurrentSkipListMap<>(), 1);
      this.holdUntilFlush = holdUntilFlush;
      completer = new Thread(this::complete, "completer");
      completer.setDaemon(true);
      completer.start();
    }

    @Override
    public void write(Reading reading, Acknowledgement ack) {
      if (++n % 997 == 0) {
        refused++;
        throw new IllegalStateException("refused"); // never handed over, never reported
      }
      maxInFlight.accumulateAndGet(handed.incrementAndGet() - settled.get(), Math::max);
      held.add(new Object[] {reading.key(), ack});
      if (!holdUntilFlush) {
        flush();
      }
    }

    @Override
    public void flush() {
      sent.addAll(held);
      held.clear();
    }

    private void complete() {
      Random rng = new Random(7);
      List<Object> batch = new ArrayList<>();
      try {
        while (true) {
          batch.add(sent.take());
          TimeUnit.MICROSECONDS.sleep(rng.nextInt(200));
          sent.drainTo(batch);
          Collections.shuffle(batch, rng);
          for (Object o : batch) {
            String key = (String) ((Object[]) o)[0];
            Acknowledgement ack = (Acknowledgement) ((Object[]) o)[1];
            settled.incrementAndGet();
            if (key.hashCode() % 13 == 0) {
              failedReported.incrementAndGet();
              ack.failed(new DBException("lost"));
            } else {
              store.put(key, 0.0);
              ack.acknowledged();
            }
          }
          batch.clear();
        }
      } catch (InterruptedException e) {
        // test over
      }
    }
  }

  private static IotWorkload workload(long bound) {
    Properties p = new Properties();
    p.setProperty(IotWorkload.SUBSTATION, "sub-1");
    p.setProperty(IotWorkload.SEED, "42");
    p.setProperty(IotWorkload.IN_FLIGHT, Long.toString(bound));
    AtomicLong clock = new AtomicLong(T0);
    IotWorkload w = new IotWorkload(() -> clock.addAndGet(1));
    w.init(p);
    return w;
  }

  private static IotWorkload.ThreadState run(IotWorkload w, AsyncBinding db, int readings) {
    IotWorkload.ThreadState s = (IotWorkload.ThreadState) w.initThread(new Properties(), 0, 1);
    w.attach(db, s);
    for (int i = 0; i < readings; i++) {
      w.write(db, s, IotWorkload.UNSCHEDULED);
    }
    w.finish(db, s);
    db.completer.interrupt();
    return s;
  }

  @Test
  void countsAreExactWhenReportsComeFromAnotherThreadOutOfOrderWithFailures() {
    AsyncBinding db = new AsyncBinding(false);
    IotWorkload.ThreadState s = run(workload(64), db, READINGS);
    ThreadMeasurements m = s.measured;
    assertEquals(db.store.size(), m.acknowledged(), "acknowledged = stored");
    assertEquals(db.failedReported.get() + db.refused, m.failedInserts(), "failed = reported failed + refused");
    assertEquals(READINGS, m.acknowledged() + m.failedInserts());
    assertTrue(db.failedReported.get() > 0 && db.refused > 0);
    assertEquals(0, s.inFlight.inFlight());
  }

  @Test
  void theInFlightBoundHolds() {
    AsyncBinding db = new AsyncBinding(false);
    run(workload(50), db, READINGS);
    assertTrue(db.maxInFlight.get() <= 50, "at most 50 in flight, saw " + db.maxInFlight.get());
    assertTrue(db.maxInFlight.get() > 1, "readings were in flight together");
  }

  @Test
  void flushWaitsForEveryReadingInFlight() {
    AsyncBinding db = new AsyncBinding(true); // nothing reported before flush
    IotWorkload w = workload(1_000_000);
    IotWorkload.ThreadState s = (IotWorkload.ThreadState) w.initThread(new Properties(), 0, 1);
    w.attach(db, s);
    for (int i = 0; i < 5_000; i++) {
      w.write(db, s, IotWorkload.UNSCHEDULED);
    }
    assertEquals(0, m(s).acknowledged() + db.failedReported.get());
    w.finish(db, s);
    db.completer.interrupt();
    assertEquals(5_000, m(s).acknowledged() + m(s).failedInserts());
    assertEquals(db.store.size(), m(s).acknowledged());
  }

  @Test
  void aBoundBelowWhatTheBindingHoldsDoesNotBlockTheThread() {
    // the binding sends only on flush: a thread waiting for room has it send what it holds
    AsyncBinding db = new AsyncBinding(true);
    IotWorkload.ThreadState s = run(workload(10), db, 300);
    assertEquals(300, m(s).acknowledged() + m(s).failedInserts());
    assertTrue(db.maxInFlight.get() <= 10);
  }

  @Test
  void aBlockingStoreIsAcknowledgedBatchByBatchEvenUnderABoundBelowItsBatch() {
    MemoryBinding db = new MemoryBinding(new ConcurrentSkipListMap<>(), 7); // a BlockingBatchWriter of 7
    IotWorkload w = workload(4);
    IotWorkload.ThreadState s = (IotWorkload.ThreadState) w.initThread(new Properties(), 0, 1);
    w.attach(db, s);
    for (int i = 0; i < 100; i++) {
      w.write(db, s, IotWorkload.UNSCHEDULED);
      assertTrue(s.inFlight.inFlight() <= 4, "the bound holds");
    }
    w.finish(db, s);
    assertEquals(100, m(s).acknowledged());
    assertEquals(100, db.store.size());
    assertTrue(db.store.keySet().stream().allMatch(k -> k.startsWith(ReadingFormat.substationPrefix("sub-1"))));
  }

  private static ThreadMeasurements m(IotWorkload.ThreadState s) {
    return s.measured;
  }
}

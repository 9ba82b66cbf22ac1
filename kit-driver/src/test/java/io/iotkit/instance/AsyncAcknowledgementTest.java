package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Acknowledgements;
import io.iotkit.binding.ReadingFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

class AsyncAcknowledgementTest {
  private static final long T0 = 1_767_225_600_000_000L;
  private static final int READINGS = 20_000;

  // Stores and reports readings on a completer thread of its own, shuffled, some failed; refuses some at once.
  // With holdUntilFlush it sends nothing before flush(), as a binding holding a partial batch.
  private static final class AsyncBinding extends MemoryBinding {
    final LinkedBlockingQueue<Object> sent = new LinkedBlockingQueue<>();
    final AtomicLong handed = new AtomicLong();
    final AtomicLong settled = new AtomicLong();
    final AtomicLong failedReported = new AtomicLong();
    final AtomicLong maxInFlight = new AtomicLong();
    final List<String> held = new ArrayList<>();
    final boolean holdUntilFlush;
    final Thread completer;
    long refused;
    private Acknowledgements sink;
    private int n;

    AsyncBinding(boolean holdUntilFlush) {
      super(new ConcurrentSkipListMap<>(), 1);
      this.holdUntilFlush = holdUntilFlush;
      completer = new Thread(this::complete, "completer");
      completer.setDaemon(true);
      completer.start();
    }

    @Override
    public boolean acknowledgeThrough(Acknowledgements sink) {
      this.sink = sink;
      return true;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      if (++n % 997 == 0) {
        refused++;
        return Status.ERROR; // never handed over, never reported
      }
      maxInFlight.accumulateAndGet(handed.incrementAndGet() - settled.get(), Math::max);
      held.add(key);
      if (!holdUntilFlush) {
        flush();
      }
      return Status.OK;
    }

    @Override
    public Status flush() {
      sent.addAll(held);
      held.clear();
      return Status.OK;
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
            String key = (String) o;
            settled.incrementAndGet();
            if (key.hashCode() % 13 == 0) {
              failedReported.incrementAndGet();
              sink.failed(1);
            } else {
              store.put(key, 0.0);
              sink.acknowledged(1);
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
    w.offerAsynchronousAcknowledgement(db, s);
    assertTrue(s.inFlight != null);
    for (int i = 0; i < readings; i++) {
      w.doInsert(db, s);
    }
    w.flush(db, s);
    db.completer.interrupt();
    return s;
  }

  @Test
  void countsAreExactWhenReportsComeFromAnotherThreadOutOfOrderWithFailures() {
    AsyncBinding db = new AsyncBinding(false);
    IotWorkload.ThreadState s = run(workload(64), db, READINGS);
    ThreadMeasurements m = s.measured;
    assertEquals(db.store.size(), m.acknowledged(), "acknowledged = stored");
    assertEquals(db.failedReported.get() + db.refused, m.failedInserts, "failed = reported failed + refused");
    assertEquals(READINGS, m.acknowledged() + m.failedInserts);
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
    w.offerAsynchronousAcknowledgement(db, s);
    for (int i = 0; i < 5_000; i++) {
      w.doInsert(db, s);
    }
    assertEquals(0, m(s).acknowledged() + db.failedReported.get());
    w.flush(db, s);
    db.completer.interrupt();
    assertEquals(5_000, m(s).acknowledged() + m(s).failedInserts);
    assertEquals(db.store.size(), m(s).acknowledged());
  }

  @Test
  void aBoundBelowWhatTheBindingHoldsDoesNotBlockTheThread() {
    // the binding sends only on flush: a thread waiting for room has it send what it holds
    AsyncBinding db = new AsyncBinding(true);
    IotWorkload.ThreadState s = run(workload(10), db, 300);
    assertEquals(300, m(s).acknowledged() + m(s).failedInserts);
    assertTrue(db.maxInFlight.get() <= 10);
  }

  @Test
  void aBindingThatDoesNotOptInKeepsTheSynchronousContract() {
    MemoryBinding db = new MemoryBinding(new ConcurrentSkipListMap<>(), 7);
    IotWorkload w = workload(4);
    IotWorkload.ThreadState s = (IotWorkload.ThreadState) w.initThread(new Properties(), 0, 1);
    w.offerAsynchronousAcknowledgement(db, s);
    assertEquals(null, s.inFlight);
    for (int i = 0; i < 100; i++) {
      w.doInsert(db, s);
    }
    w.flush(db, s);
    assertEquals(100, m(s).acknowledged());
    assertTrue(db.store.keySet().stream().allMatch(k -> k.startsWith(ReadingFormat.substationPrefix("sub-1"))));
  }

  private static ThreadMeasurements m(IotWorkload.ThreadState s) {
    return s.measured;
  }
}

package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowResult;
import io.iotkit.control.SecondFrame;
import io.iotkit.model.Clock;
import io.iotkit.model.DriverTime;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceTotals;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.WorkloadSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class InstanceRunnerTest {
  private static final long KVPS = 10_007;
  private static final int THREADS = 3;

  private static InstanceSpec spec(long kvps, int threads) {
    return TestInstances.spec(kvps, threads);
  }

  private static InstanceRunner runner(InstanceSpec spec, Supplier<KitBinding> bindings) {
    return TestInstances.runner(spec, bindings);
  }

  // 5 queries per 10,000 kvps of the instance, whatever the split over threads
  private static long expectedQueries(long kvps) {
    return kvps / WorkloadSpec.INSERTS_PER_QUERY;
  }

  private InstanceResult run(int batchSize, NavigableMap<String, Double> store, List<MemoryBinding> opened,
                             long[] start) throws Exception {
    TestInstances.Measured measured = TestInstances.measured(spec(KVPS, THREADS), () -> {
      MemoryBinding db = new MemoryBinding(store, batchSize);
      opened.add(db);
      return db;
    });
    InstanceResult result = measured.run(() -> start[0] = Clock.micros());
    assertEquals(KVPS, measured.runner().inserted());
    return result;
  }

  @Test
  void readingsHaveTheSpecsSize() throws Exception {
    java.util.Set<Integer> sizes = java.util.concurrent.ConcurrentHashMap.newKeySet();
    InstanceSpec s = spec(2_000, 2);
    InstanceSpec small = new InstanceSpec(s.phase(), s.instance(), s.instances(), s.substation(), s.kvps(), 100,
        s.threads(), s.binding(), s.bindingProperties(), s.bindingOverrides(), s.dataSinceMicros(), s.seed(),
        s.resultFile(), s.intervalLog(), s.rate(), s.arrivals(), s.noQueries());
    runner(small, () -> new MemoryBinding() {
      @Override
      public void write(Reading reading, Acknowledgement ack) {
        sizes.add(reading.bytes());
        super.write(reading, ack);
      }
    }).run(Clock::micros);
    assertEquals(java.util.Set.of(100), sizes);
  }

  @Test
  void ingestsItsShareAndQueriesEvery2000Inserts() throws Exception {
    NavigableMap<String, Double> store = new ConcurrentSkipListMap<>();
    List<MemoryBinding> opened = new CopyOnWriteArrayList<>();
    long[] start = new long[1];
    InstanceResult r = run(1, store, opened, start);

    assertEquals(THREADS + 1, opened.size(), "one binding per insert thread and one for the query thread");
    assertEquals(KVPS, store.size());
    assertEquals(KVPS, opened.get(0).countReadings(java.util.List.of("r1-1-002")));
    assertEquals(2, r.instance());
    assertEquals("r1-1-002", r.substation());
    assertEquals(KVPS, r.kvpsTarget());
    assertEquals(KVPS, r.acknowledged());
    assertEquals(0, r.failedInserts());
    assertEquals(5, expectedQueries(KVPS));
    assertEquals(expectedQueries(KVPS), r.queries());
    assertEquals(0, r.failedQueries());
    assertEquals(start[0], r.startMicros());
    assertTrue(r.endMicros() >= r.startMicros());
    assertEquals(KVPS, r.insertHistogram().count());
    long timedQueries = 0;
    for (Aggregate a : Aggregate.values()) {
      assertNotNull(r.queryHistograms().get(a), a.name());
      timedQueries += r.queryHistograms().get(a).count();
    }
    assertEquals(r.queries(), timedQueries);
    // each query is two windows of one sensor of this substation
    long calls = opened.stream().mapToLong(db -> db.calls.size()).sum();
    assertEquals(2 * r.queries(), calls);
    opened.forEach(db -> db.calls.forEach(c -> assertEquals("r1-1-002", c.substation())));
  }

  @Test
  void anInstanceMeasuresHowLongAfterTheReleaseItBeganWriting() throws Exception {
    NavigableMap<String, Double> store = new ConcurrentSkipListMap<>();
    // a release already 300 ms past when the instance hears of it, as a starved instance's would be
    InstanceResult late = TestInstances.measured(spec(KVPS, THREADS), () -> new MemoryBinding(store, 1))
        .run(() -> Clock.micros() - 300_000);
    assertTrue(late.startLagMicros() >= 300_000, "lag " + late.startLagMicros());
    InstanceResult onTime = TestInstances.measured(spec(KVPS, THREADS),
        () -> new MemoryBinding(new ConcurrentSkipListMap<>(), 1)).run(() -> Clock.micros() + 50_000);
    assertTrue(onTime.startLagMicros() >= 0 && onTime.startLagMicros() < 300_000, "lag " + onTime.startLagMicros());
  }

  @Test
  void aSlowStoreTakesMostOfTheInsertThreadsTime() throws Exception {
    // a store that answers each write in 2 ms: the threads wait on it, not on their own work
    InstanceResult r = TestInstances.measured(spec(300, 2), () -> slowStore(2)).run(Clock::micros);
    DriverTime t = r.driverTime();
    assertTrue(t.insertThreadMicros() >= 2 * 150 * 2_000 * 0.9, t.toString());
    assertTrue(t.storeWaitMicros() > 0.8 * t.insertThreadMicros(), t.toString());
    assertEquals(0, t.pacingWaitMicros(), "unpaced");
    assertEquals(0, t.behindScheduleMaxMicros(), "unpaced");
  }

  @Test
  void aPacedInstanceAccountsForItsScheduleAndHowFarBehindItFell() throws Exception {
    // 400 readings at 1,000 a second over 2 threads on a fast store: most of the threads' time is the schedule's
    InstanceResult easy = TestInstances.measured(paced(spec(400, 2), 1_000), MemoryBinding::new).run(Clock::micros);
    DriverTime t = easy.driverTime();
    assertTrue(t.pacingWaitMicros() > 0.5 * t.insertThreadMicros(), t.toString());
    // 1 thread at 1,000 a second on a store that takes 3 ms a write: each reading later than the one before
    InstanceResult behind = TestInstances.measured(paced(spec(100, 1), 1_000), () -> slowStore(3))
        .run(Clock::micros);
    DriverTime b = behind.driverTime();
    assertTrue(b.behindScheduleMaxMicros() >= 99 * 2_000 * 0.9, b.toString());
    assertTrue(b.storeWaitMicros() > 0.8 * b.insertThreadMicros(), b.toString());
  }

  /**
   * A paced thread sends a partial batch once the binding's linger ends, not when the batch fills: at 100 readings a
   * second into batches of 100, a reading waits about the linger (5 ms) with it and up to a second without.
   */
  @Test
  void aPacedThreadSendsALingeringPartialBatch() throws Exception {
    InstanceResult held = TestInstances.measured(paced(spec(150, 1), 100), () -> batching(Duration.ZERO))
        .run(Clock::micros);
    InstanceResult lingered = TestInstances.measured(paced(spec(150, 1), 100), () -> batching(Duration.ofMillis(5)))
        .run(Clock::micros);
    assertEquals(150, held.acknowledged());
    assertEquals(150, lingered.acknowledged());
    long heldP50 = held.ingestHistogram().micros().getValueAtPercentile(50);
    long lingeredP99 = lingered.ingestHistogram().micros().getValueAtPercentile(99);
    assertTrue(heldP50 > 200_000, "without a linger a reading waits for its batch to fill: p50 " + heldP50 + " us");
    assertTrue(lingeredP99 < 100_000, "with a 5 ms linger: p99 " + lingeredP99 + " us");
    assertTrue(lingered.driverTime().pacingWaitMicros() > 0.5 * lingered.driverTime().insertThreadMicros(),
        "sending a lingering batch is the store's time, not the schedule's: " + lingered.driverTime());
  }

  /** A store written in batches of 100 through the kit's blocking batch writer, with this linger. */
  private static MemoryBinding batching(Duration linger) {
    return new MemoryBinding(new ConcurrentSkipListMap<>(), 100, linger);
  }

  private static InstanceSpec paced(InstanceSpec s, long rate) {
    return new InstanceSpec(s.phase(), s.instance(), s.instances(), s.substation(), s.kvps(), s.kvpBytes(),
        s.threads(), s.binding(), s.bindingProperties(), s.bindingOverrides(), s.dataSinceMicros(), s.seed(),
        s.resultFile(), s.intervalLog(), rate, s.arrivals(), true);
  }

  /** A store that answers each write after {@code millis} ms. */
  private static MemoryBinding slowStore(long millis) {
    return new MemoryBinding() {
      @Override
      public void write(Reading reading, Acknowledgement ack) {
        try {
          Thread.sleep(millis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        super.write(reading, ack);
      }
    };
  }

  @Test
  void theBindingsClientCountersAreReadOnceClosedAndSummed() throws Exception {
    AtomicInteger closed = new AtomicInteger();
    InstanceRunner runner = runner(spec(KVPS, THREADS), () -> new MemoryBinding() {
      private boolean open = true;

      @Override
      public void cleanup() {
        open = false;
        closed.incrementAndGet();
      }

      @Override
      public Map<String, Long> clientCounters() {
        // a client's counts are complete only once it closed
        return open ? Map.of("read while open", 1L) : Map.of("requests", 10L, "retried", 1L);
      }
    });
    InstanceTotals r = runner.run(Clock::micros);
    // three insert threads and the query thread, each closed once
    assertEquals(THREADS + 1, closed.get());
    assertEquals(Map.of("requests", 10L * (THREADS + 1), "retried", (long) THREADS + 1), r.clientCounters());
  }

  @Test
  void batchedReadingsAreFlushedAndAcknowledgedAtTheEnd() throws Exception {
    NavigableMap<String, Double> store = new ConcurrentSkipListMap<>();
    List<MemoryBinding> opened = new CopyOnWriteArrayList<>();
    InstanceResult r = run(500, store, opened, new long[1]);
    assertEquals(KVPS, store.size());
    assertEquals(KVPS, r.acknowledged());
    assertEquals(0, r.failedInserts());
  }

  @Test
  void queriesOfAFreshRunStartAtTheBarrier() throws Exception {
    // data since 0 in the spec: window B of the first queries starts at TS_start, where the data starts
    NavigableMap<String, Double> store = new ConcurrentSkipListMap<>();
    List<MemoryBinding> opened = new CopyOnWriteArrayList<>();
    long[] start = new long[1];
    run(1, store, opened, start);
    int windowsB = 0;
    for (MemoryBinding db : opened) {
      for (int n = 1; n < db.calls.size(); n += 2) {
        assertTrue(db.calls.get(n).from() >= start[0], db.calls.get(n).toString());
        windowsB++;
      }
    }
    assertEquals(expectedQueries(KVPS), windowsB);
  }

  @Test
  void queryCountFollowsTheInstancesKvpsNotEachThreads() throws Exception {
    // 4,000 kvps over 3 threads is 1,334 + 1,333 + 1,333: no thread reaches 2,000, yet 2 queries are due
    InstanceRunner runner = runner(spec(4_000, 3), MemoryBinding::new);
    assertEquals(2, runner.run(Clock::micros).queries());
    runner = runner(spec(1_999, 3), MemoryBinding::new);
    assertEquals(0, runner.run(Clock::micros).queries());
  }

  @Test
  void queriesRunBesideTheInsertsAndAThirdOpenOneOnTheInsertThread() throws Exception {
    // each query takes 500 ms, the 10,000 inserts a few ms: the first query runs on the query thread, the second
    // waits for it, and the ones due while two are open run on the insert thread that found them due
    List<String> ranOn = new CopyOnWriteArrayList<>();
    java.util.concurrent.atomic.AtomicInteger open = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger mostOpen = new java.util.concurrent.atomic.AtomicInteger();
    InstanceRunner runner = runner(spec(10_000, 1), () -> new MemoryBinding() {
      @Override
      public io.iotkit.binding.WindowResult aggregate(Aggregate fn, String substation, String sensor, long from,
                                                      long to) {
        mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
        try {
          Thread.sleep(250);
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        } finally {
          open.decrementAndGet();
        }
        ranOn.add(Thread.currentThread().getName());
        return super.aggregate(fn, substation, sensor, from, to);
      }
    });
    InstanceTotals r = runner.run(Clock::micros);
    assertEquals(5, r.queries());
    assertEquals(10_000, r.acknowledged());
    assertEquals(10, ranOn.size(), "two windows a query");
    assertEquals(java.util.Set.of("queries", "insert-0"), java.util.Set.copyOf(ranOn), ranOn.toString());
    assertTrue(mostOpen.get() <= 2, "at most the query thread's query and one on the insert thread: " + mostOpen);
  }

  @Test
  void theInstanceEndsWithItsLastAcknowledgementNotWithItsLastQuery() throws Exception {
    // 4,000 kvps on one thread: query 1 is due at insert 2,000 and goes to the query thread; query 2 is due at the
    // last insert and waits for the query thread or runs on the insert thread. Each takes at least 1.5 s. Both run
    // and are counted, yet the instance's end (TS_end) is its last acknowledgement, before query 2 even began.
    List<SecondFrame> frames = new CopyOnWriteArrayList<>();
    List<Long> acknowledgedAt = new CopyOnWriteArrayList<>();
    List<Long> queryEnds = new CopyOnWriteArrayList<>();
    InstanceRunner runner = new InstanceRunner(spec(4_000, 1), () -> new MemoryBinding() {
      private boolean secondWindow;

      @Override
      public void write(Reading reading, Acknowledgement ack) {
        super.write(reading, ack);
        acknowledgedAt.add(Clock.micros());
      }

      @Override
      public WindowResult aggregate(Aggregate fn, String substation, String sensor, long from, long to) {
        try {
          Thread.sleep(750);
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
        if (secondWindow) {
          queryEnds.add(Clock.micros());
        }
        secondWindow = !secondWindow; // a query is two windows
        return super.aggregate(fn, substation, sensor, from, to);
      }
    }, new java.util.Properties(), Clock::micros, frames::add, null);
    InstanceTotals r = runner.run(Clock::micros);

    assertEquals(4_000, r.acknowledged());
    assertEquals(2, r.queries());
    assertEquals(0, r.failedQueries());
    assertEquals(2, queryEnds.size(), "the run returns once both queries have run");
    assertEquals(2, frames.stream().mapToLong(SecondFrame::queryCount).sum(), "both queries are sampled");
    long lastAck = acknowledgedAt.stream().mapToLong(Long::longValue).max().orElseThrow();
    long lastQueryEnd = queryEnds.stream().mapToLong(Long::longValue).max().orElseThrow();
    assertTrue(r.endMicros() >= lastAck, "the end comes after the last acknowledgement");
    assertTrue(r.endMicros() - lastAck < 1_000_000, "the end is the last acknowledgement, not "
        + (r.endMicros() - lastAck) / 1e3 + " ms after it: a query's time was counted in");
    assertTrue(lastQueryEnd - r.endMicros() >= 1_400_000, "the last query (1.5 s) began before the end: it ended "
        + (lastQueryEnd - r.endMicros()) / 1e3 + " ms after it");
  }

  @Test
  void threadsCountInChunksYetNoQueryComesBeforeItsTurn() throws Exception {
    // the instance's j-th query is due once it has made j x 2,000 inserts, whichever thread runs it
    List<Long> insertsAtQueries = insertsSeenAtEachQuery(10_007, 3);
    assertEquals(5, insertsAtQueries.size());
    for (int j = 1; j <= insertsAtQueries.size(); j++) {
      long seen = insertsAtQueries.get(j - 1);
      assertTrue(seen >= j * 2_000L, "query " + j + " after " + seen + " inserts");
    }
  }

  /** How many inserts the instance's threads had made when each query began, in ascending order. */
  private static List<Long> insertsSeenAtEachQuery(long kvps, int threads) throws Exception {
    java.util.concurrent.atomic.AtomicLong inserts = new java.util.concurrent.atomic.AtomicLong();
    List<Long> seen = new CopyOnWriteArrayList<>();
    InstanceRunner runner = runner(spec(kvps, threads), () -> new MemoryBinding() {
      private boolean firstWindow = true;

      @Override
      public void write(Reading reading, Acknowledgement ack) {
        inserts.incrementAndGet();
        super.write(reading, ack);
      }

      @Override
      public io.iotkit.binding.WindowResult aggregate(Aggregate fn, String substation, String sensor, long from,
                                                      long to) {
        if (firstWindow) {
          seen.add(inserts.get());
        }
        firstWindow = !firstWindow; // a query is two windows
        return super.aggregate(fn, substation, sensor, from, to);
      }
    });
    assertEquals(kvps / WorkloadSpec.INSERTS_PER_QUERY, runner.run(Clock::micros).queries());
    return seen.stream().sorted().toList();
  }

  @Test
  void aStoreThatAnswersNoQueriesIsNeverAsked() throws Exception {
    // a binding that is no WindowQueries: it writes, and has nothing to be asked with
    AtomicInteger written = new AtomicInteger();
    InstanceRunner runner = runner(spec(10_000, 2), () -> new KitBinding() {
      @Override
      public void write(Reading reading, Acknowledgement ack) {
        written.incrementAndGet();
        ack.acknowledged();
      }

      @Override
      public void flush() {
      }
    });
    InstanceTotals r = runner.run(Clock::micros);
    assertEquals(10_000, r.acknowledged());
    assertEquals(10_000, written.get());
    assertEquals(0, r.queries());
  }

  @Test
  void anInstanceWithoutQueriesNeverAsksTheStore() throws Exception {
    List<MemoryBinding> opened = new CopyOnWriteArrayList<>();
    InstanceSpec s = spec(10_000, 2);
    InstanceSpec ingestOnly = new InstanceSpec(s.phase(), s.instance(), s.instances(), s.substation(), s.kvps(),
        s.kvpBytes(), s.threads(), s.binding(), s.bindingProperties(), s.bindingOverrides(), s.dataSinceMicros(), s.seed(),
        s.resultFile(), s.intervalLog(), s.rate(), s.arrivals(), true);
    InstanceTotals r = runner(ingestOnly, () -> {
      MemoryBinding db = new MemoryBinding();
      opened.add(db);
      return db;
    }).run(Clock::micros);
    assertEquals(10_000, r.acknowledged());
    assertEquals(0, r.queries());
    assertTrue(opened.stream().allMatch(db -> db.calls.isEmpty()), "aggregate was never called");
  }

  @Test
  void aReadOnlyInstanceAsksItsQueriesOverItsTimeAgainstTheStoredDataAndWritesNothing() throws Exception {
    // 20 queries a second for 1 s on min(10 threads, 20) query threads, the data ending 10 s ago
    long until = Clock.micros() - 10_000_000L;
    long since = until - 600_000_000L;
    List<MemoryBinding> opened = new CopyOnWriteArrayList<>();
    long[] start = new long[1];
    InstanceTotals r = runner(TestInstances.readOnly(10, 20, 1, since, until), () -> {
      MemoryBinding db = new MemoryBinding();
      opened.add(db);
      return db;
    }).run(() -> start[0] = Clock.micros());
    assertEquals(20, r.queries());
    assertEquals(0, r.failedQueries());
    assertEquals(0, r.acknowledged());
    assertEquals(10, opened.size(), "one binding per query thread, none to insert with");
    assertTrue(r.endMicros() - start[0] >= 1_000_000, "it lasts its time: " + (r.endMicros() - start[0]));
    int windows = 0;
    for (MemoryBinding db : opened) {
      for (int n = 0; n < db.calls.size(); n += 2) {
        MemoryBinding.Call a = db.calls.get(n);
        MemoryBinding.Call b = db.calls.get(n + 1);
        assertEquals(until - WorkloadSpec.WINDOW_MICROS, a.from(), "window A: the stored data's last 5 s");
        assertEquals(until, a.to());
        assertTrue(b.from() >= since && b.to() <= a.from(), "window B within the stored data: " + b);
        windows += 2;
      }
      assertTrue(db.store.isEmpty(), "nothing written");
    }
    assertEquals(40, windows);
  }

  @Test
  void aReadOnlyInstanceFallsBehindASlowStoreAndSaysSo() throws Exception {
    // one query thread owes 20 queries in 1 s, and each takes 100 ms (50 ms a window): it answers the last at 2 s,
    // over a second behind its schedule, and the execution ends then, not at its 1 s
    InstanceSpec s = TestInstances.readOnly(1, 20, 1, Clock.micros() - 60_000_000L, Clock.micros());
    InstanceTotals r = runner(s, () -> new MemoryBinding() {
      @Override
      public WindowResult aggregate(Aggregate fn, String substation, String sensor, long from, long to) {
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
        return super.aggregate(fn, substation, sensor, from, to);
      }
    }).run(Clock::micros);
    assertEquals(20, r.queries());
    assertTrue(r.endMicros() - r.startMicros() >= 2_000_000, "20 queries of 100 ms take 2 s, not 1");
    assertTrue(r.driverTime().behindScheduleMaxMicros() > 500_000, r.driverTime().toString());
  }

  @Test
  void aReadOnlyInstanceRefusesAStoreThatAnswersNoQueries() {
    InstanceSpec s = TestInstances.readOnly(2, 5, 1, Clock.micros() - 60_000_000L, Clock.micros());
    org.junit.jupiter.api.function.Executable run = () -> runner(s, () -> new KitBinding() {
      @Override
      public void write(Reading reading, Acknowledgement ack) {
        ack.acknowledged();
      }

      @Override
      public void flush() {
      }
    }).run(Clock::micros);
    site.ycsb.DBException e = org.junit.jupiter.api.Assertions.assertThrows(site.ycsb.DBException.class, run);
    assertTrue(e.getMessage().contains("answers none"), e.getMessage());
  }

  @Test
  void manyThreadsAndLargerCounts() throws Exception {
    long kvps = 41_999;
    InstanceRunner runner = runner(spec(kvps, 10), MemoryBinding::new);
    InstanceTotals r = runner.run(Clock::micros);
    assertEquals(kvps, r.acknowledged());
    assertEquals(20, r.queries());
  }

  // An exception thrown by a binding's insert must not end its thread silently: every kvp is accounted for.
  @Test
  void anInsertThatThrowsIsNotLostSilently() throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    InstanceRunner runner = runner(spec(KVPS, THREADS), () -> new MemoryBinding() {
      @Override
      public void write(Reading reading, Acknowledgement ack) {
        if (attempts.incrementAndGet() == 100) {
          throw new IllegalStateException("connection reset");
        }
        super.write(reading, ack);
      }
    });
    InstanceTotals r;
    try {
      r = runner.run(Clock::micros);
    } catch (RuntimeException | site.ycsb.DBException e) {
      return; // failing the instance loudly is fine too
    }
    assertEquals(KVPS, r.acknowledged() + r.failedInserts(), "kvps neither acknowledged nor counted failed");
  }
}

package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.sink.NullBinding;
import io.iotkit.model.Arrivals;
import io.iotkit.model.Clock;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.WorkloadSpec;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Properties;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class InstanceRunnerTest {
  private static final long KVPS = 10_007;
  private static final int THREADS = 3;

  private static InstanceSpec spec(long kvps, int threads) {
    return paced(kvps, threads, 0, Arrivals.FIXED);
  }

  private static InstanceSpec paced(long kvps, int threads, long rate, Arrivals arrivals) {
    return new InstanceSpec("measured", 2, 4, "r1-1-002", kvps, WorkloadSpec.KVP_BYTES, threads, "memory", null,
        Map.of(), 0, 99, "unused.json", null, rate, arrivals, false);
  }

  private static InstanceRunner runner(InstanceSpec spec, Supplier<KitBinding> bindings) {
    return new InstanceRunner(spec, bindings, new Properties(), Clock::micros, second -> { });
  }

  // 5 queries per 10,000 kvps of the instance, whatever the split over threads
  private static long expectedQueries(long kvps) {
    return kvps / WorkloadSpec.INSERTS_PER_QUERY;
  }

  private InstanceResult run(int batchSize, NavigableMap<String, Double> store, List<MemoryBinding> opened,
                             long[] start) throws Exception {
    InstanceRunner runner = runner(spec(KVPS, THREADS), () -> {
      MemoryBinding db = new MemoryBinding(store, batchSize);
      opened.add(db);
      return db;
    });
    InstanceResult result = runner.run(() -> start[0] = Clock.micros());
    assertEquals(KVPS, runner.inserted());
    return result;
  }

  @Test
  void aPacedInstanceKeepsItsScheduleAndNeverRunsAhead() throws Exception {
    // 3,000 kvps at 2,000 kvps/s over 3 threads: the last reading is due 1.5 s after the start
    long[] start = new long[1];
    InstanceResult r = runner(paced(3_000, 3, 2_000, Arrivals.FIXED), MemoryBinding::new)
        .run(() -> start[0] = Clock.micros());
    assertEquals(3_000, r.acknowledged());
    double seconds = (r.endMicros() - r.startMicros()) / 1e6;
    assertTrue(seconds >= 1.49, "ran ahead of its schedule: " + seconds + " s");
    assertTrue(seconds < 1.65, "fell behind a schedule a memory store can hold: " + seconds + " s");
  }

  /**
   * At a rate the sink holds easily (20,000 kvps/s over 10 threads, 2 s), the achieved rate, acknowledged kvps over
   * TS_start..TS_end, is the asked one within 2 %, with fixed and with Gaussian gaps.
   */
  @ParameterizedTest
  @EnumSource(Arrivals.class)
  void aPacedInstanceAchievesItsRateIntoTheSink(Arrivals arrivals) throws Exception {
    long rate = 20_000;
    InstanceSpec s = paced(2 * rate, 10, rate, arrivals);
    InstanceResult r = runner(s, NullBinding::new).run(Clock::micros);
    assertEquals(2 * rate, r.acknowledged());
    double achieved = r.acknowledged() / ((r.endMicros() - r.startMicros()) / 1e6);
    assertEquals(rate, achieved, rate * 0.02, arrivals + ": achieved " + achieved + " kvps/s");
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

  @ParameterizedTest
  @EnumSource(Arrivals.class)
  void aStallIsChargedToEveryReadingScheduledDuringIt(Arrivals arrivals) throws Exception {
    // one thread at 100 kvps/s; the store stalls 1 s on the 21st insert, so the ~100 readings due during the
    // stall each wait for it: latency from the schedule, not from when the thread got round to them
    AtomicInteger inserts = new AtomicInteger();
    InstanceRunner runner = runner(paced(300, 1, 100, arrivals), () -> new MemoryBinding() {
      @Override
      public void write(Reading reading, Acknowledgement ack) {
        if (inserts.incrementAndGet() == 21) {
          try {
            Thread.sleep(1_000);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        super.write(reading, ack);
      }
    });
    InstanceResult r = runner.run(Clock::micros);
    // the insert call's latency and the ingest latency (to the acknowledgement) both carry the stall
    for (org.HdrHistogram.Histogram h : List.of(r.insertHistogram().micros(), r.ingestHistogram().micros())) {
      assertEquals(300, h.getTotalCount());
      // readings 21..120 were due during the stall: each waited between 1 s and 0 s for it, half over 0.5 s
      assertTrue(h.getCountBetweenValues(500_000, 1_100_000) >= 45, "stalled readings over 0.5 s: "
          + h.getCountBetweenValues(500_000, 1_100_000));
      assertTrue(h.getMaxValue() >= 990_000, "max " + h.getMaxValue());
    }
  }

  // A store that acknowledges each reading 50 ms after it took it: ingest latency (generation to acknowledgement)
  // shows the 50 ms, the insert call (a hand-over, well under the in-flight bound) does not.
  @Test
  void ingestLatencyRunsToTheAcknowledgementNotToTheCallsReturn() throws Exception {
    java.util.concurrent.ScheduledExecutorService acks = java.util.concurrent.Executors.newScheduledThreadPool(2);
    try {
      // 1,000 kvps at 2,000 kvps/s: about 100 readings in flight at a time, far under the bound of 1,000
      InstanceResult r = runner(paced(1_000, 1, 2_000, Arrivals.FIXED), () -> new MemoryBinding() {
        @Override
        public void write(Reading reading, Acknowledgement ack) {
          store.put(reading.key(), Double.parseDouble(reading.value()));
          acks.schedule(ack::acknowledged, 50, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
      }).run(Clock::micros);
      assertEquals(1_000, r.acknowledged());
      org.HdrHistogram.Histogram ingest = r.ingestHistogram().micros();
      org.HdrHistogram.Histogram call = r.insertHistogram().micros();
      assertEquals(1_000, ingest.getTotalCount());
      assertTrue(ingest.getValueAtPercentile(50) >= 50_000, "ingest p50 " + ingest.getValueAtPercentile(50) + " µs");
      assertTrue(call.getValueAtPercentile(50) < 10_000, "insert call p50 " + call.getValueAtPercentile(50) + " µs");
    } finally {
      acks.shutdownNow();
    }
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
    InstanceResult r = runner.run(Clock::micros);
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
    InstanceResult r = runner.run(Clock::micros);
    assertEquals(5, r.queries());
    assertEquals(10_000, r.acknowledged());
    assertEquals(10, ranOn.size(), "two windows a query");
    assertEquals(java.util.Set.of("queries", "insert-0"), java.util.Set.copyOf(ranOn), ranOn.toString());
    assertTrue(mostOpen.get() <= 2, "at most the query thread's query and one on the insert thread: " + mostOpen);
    assertTrue(r.endMicros() - r.startMicros() >= 1_000_000, "the phase ends once its queries have run");
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
    InstanceResult r = runner.run(Clock::micros);
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
    InstanceResult r = runner(ingestOnly, () -> {
      MemoryBinding db = new MemoryBinding();
      opened.add(db);
      return db;
    }).run(Clock::micros);
    assertEquals(10_000, r.acknowledged());
    assertEquals(0, r.queries());
    assertTrue(opened.stream().allMatch(db -> db.calls.isEmpty()), "aggregate was never called");
  }

  @Test
  void manyThreadsAndLargerCounts() throws Exception {
    long kvps = 41_999;
    InstanceRunner runner = runner(spec(kvps, 10), MemoryBinding::new);
    InstanceResult r = runner.run(Clock::micros);
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
    InstanceResult r;
    try {
      r = runner.run(Clock::micros);
    } catch (RuntimeException | site.ycsb.DBException e) {
      return; // failing the instance loudly is fine too
    }
    assertEquals(KVPS, r.acknowledged() + r.failedInserts(), "kvps neither acknowledged nor counted failed");
  }

  // The time series: every second from the start is one frame, the frames' counts add up to the total, each holds
  // the second's ingest, insert and query latencies, and together they hold every reading's ingest latency, every
  // insert call and every query, over seconds in which the recorders are sampled again and again.
  @Test
  void secondFramesAddUpToTheTotal() throws Exception {
    long kvps = 4_800; // 3 threads, 1,600 inserts each at >= 1 ms: at least 1.6 s; batches of 7 ack in lumps
    List<io.iotkit.control.SecondFrame> frames = new CopyOnWriteArrayList<>();
    InstanceRunner runner = new InstanceRunner(spec(kvps, THREADS), () -> new MemoryBinding(
        new ConcurrentSkipListMap<>(), 7) {
      @Override
      public void write(Reading reading, Acknowledgement ack) {
        try {
          Thread.sleep(1);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        super.write(reading, ack);
      }
    }, new Properties(), Clock::micros, frames::add);
    InstanceResult r = runner.run(Clock::micros);

    assertTrue(frames.size() >= 2, "a run of more than a second has more than one frame: " + frames.size());
    for (int i = 0; i < frames.size(); i++) {
      assertEquals(i, frames.get(i).second(), "frames come in order, one per second");
    }
    assertEquals(kvps, frames.stream().mapToLong(io.iotkit.control.SecondFrame::acknowledged).sum());
    assertEquals(kvps, frames.stream().mapToLong(f -> f.inserts().getTotalCount()).sum());
    assertEquals(kvps, frames.stream().mapToLong(f -> f.ingest().getTotalCount()).sum());
    assertEquals(r.queries(), frames.stream().mapToLong(f -> f.queries().getTotalCount()).sum());
    assertEquals(kvps, r.insertHistogram().count());
    assertEquals(0, r.acknowledgedPerSecond().length, "the series is the master's, gathered from the frames");
  }
}

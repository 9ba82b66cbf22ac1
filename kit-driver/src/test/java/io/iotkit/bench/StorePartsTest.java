package io.iotkit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.model.BenchResult;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import io.iotkit.report.BenchReport;
import io.iotkit.sut.SutSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store parts' harness against a store kept in memory: what each side writes where, and what is asked. */
class StorePartsTest {
  @TempDir
  Path dir;

  /** What the fake store saw, in order: prepare, writes by side and substation, queries, purge. */
  static final class Store {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    final Map<String, AtomicLong> kitWrites = new ConcurrentHashMap<>();
    final Map<String, AtomicLong> loopWrites = new ConcurrentHashMap<>();
    final Map<String, AtomicLong> queries = new ConcurrentHashMap<>();
    final Set<String> prepared = Collections.synchronizedSet(new HashSet<>());
    final AtomicLong loopsClosed = new AtomicLong();
    final Set<String> loopKeys = ConcurrentHashMap.newKeySet();
    volatile boolean writtenBeforePrepare;
    volatile boolean openedBeforePrepare;
  }

  /** A store in memory with a plain loop of its own, no server. */
  static final class MemoryStore implements BindingProvider {
    final Store store = new Store();
    final boolean answersQueries;
    /** What the plain loop's writes fail with, or null when they succeed. */
    volatile String refusal;

    MemoryStore(boolean answersQueries) {
      this.answersQueries = answersQueries;
    }

    @Override
    public String name() {
      return "memory";
    }

    @Override
    public KitBinding newBinding() {
      return answersQueries ? new QueryingWriter() : new Writer();
    }

    /** The kit's writes, counted per substation, and whether any came before its substation was prepared. */
    class Writer extends KitBinding {
      @Override
      public void init() {
        String substation = getProperties().getProperty(SUBSTATION, "");
        // a store's binding may check at init that its substation's table or topic exists (Kafka's does)
        store.openedBeforePrepare |= !substation.isEmpty() && !store.prepared.contains(substation);
      }

      @Override
      public void write(Reading reading, Acknowledgement ack) {
        store.writtenBeforePrepare |= !store.prepared.contains(reading.substation());
        store.kitWrites.computeIfAbsent(reading.substation(), s -> new AtomicLong()).incrementAndGet();
        ack.acknowledged();
      }

      @Override
      public void flush() {
      }
    }

    /** A writer whose store answers queries, counted per substation. */
    final class QueryingWriter extends Writer implements WindowQueries {
      @Override
      public WindowResult aggregate(Aggregate fn, String substation, String sensor, long from, long to) {
        store.queries.computeIfAbsent(substation, s -> new AtomicLong()).incrementAndGet();
        return new WindowResult(0, 0, 0);
      }
    }

    @Override
    public StoreAdmin openAdmin(Properties properties) {
      return new StoreAdmin() {
        @Override
        public void prepare(List<String> substations) {
          store.events.add("prepare " + substations);
          store.prepared.addAll(substations);
        }

        @Override
        public Replication replication() {
          return new Replication(1, "memory");
        }

        @Override
        public Map<String, Long> countReadings(List<String> substations) {
          Map<String, Long> none = new java.util.LinkedHashMap<>();
          substations.forEach(s -> none.put(s, 0L));
          return none;
        }

        @Override
        public void purge() {
          store.events.add("purge");
        }

        @Override
        public void close() {
        }
      };
    }

    @Override
    public Optional<LocalServer> localServer(Properties properties, LocalSetup setup) {
      return Optional.empty();
    }

    @Override
    public Optional<PlainClientLoop> plainClientLoop(Properties properties) {
      return Optional.of(new PlainClientLoop() {
        @Override
        public long write(String substation, PlainReading[] pool, long count, int threads) throws Exception {
          if (refusal != null) {
            throw new Exception(refusal);
          }
          store.writtenBeforePrepare |= !store.prepared.contains(substation);
          for (long i = 0; i < count; i++) {
            PlainReading r = pool[(int) (i % pool.length)];
            if (store.loopKeys.size() < 100) {
              store.loopKeys.add(ReadingFormat.key(substation, r.sensor(), i));
            }
          }
          store.loopWrites.computeIfAbsent(substation, s -> new AtomicLong()).addAndGet(count);
          return count;
        }

        @Override
        public void close() {
          store.loopsClosed.incrementAndGet();
        }
      });
    }
  }

  @Test
  void bothSidesWriteIntoTheSamePreparedSubstationQueriesOnlyInTheFullWorkloadAndAllIsPurged() throws Exception {
    MemoryStore provider = new MemoryStore(true);
    Path sutDir = Files.createDirectories(dir.resolve("sut-memory"));
    BenchResult r = Bench.runGroups(List.of(new StoreParts(provider, null, LocalSetup.single(dir), sutDir,
        List.of(2))), 1, 0.02, line -> { });

    assertEquals(List.of("ingest path, memory, 2 threads", "measurement on / off, memory, 2 threads",
        "full workload, memory, 2 threads"), r.figures().stream().map(BenchResult.Figure::name).toList());
    assertEquals(StoreParts.INGEST_TARGETS, r.figures().get(0).targets());
    assertEquals(Bench.MEASUREMENT_TARGETS, r.figures().get(1).targets());
    assertEquals(StoreParts.FULL_WORKLOAD_TARGETS, r.figures().get(2).targets());
    for (BenchResult.Figure f : r.figures()) {
      assertTrue(f.kitMedian() > 0 && f.referenceMedian() > 0, f.name());
    }
    Store s = provider.store;
    assertEquals(2, s.events.size(), s.events.toString());
    assertTrue(s.events.get(0).startsWith("prepare ["), "prepared once, before anything was written");
    assertEquals("purge", s.events.get(1));
    assertFalse(s.writtenBeforePrepare);
    assertFalse(s.openedBeforePrepare, "every binding of a substation, the dashboard's too, opens once it exists");
    assertEquals(3, s.prepared.size());
    for (String substation : s.prepared) {
      assertTrue(substation.matches("[0-9a-z]+-1-00[012]"), "named as the master names them: " + substation);
      assertTrue(s.kitWrites.get(substation).get() > 0, "the kit writes into every part's substation");
    }
    List<String> subs = s.prepared.stream().sorted().toList();
    for (String substation : List.of(subs.get(0), subs.get(2))) {
      assertTrue(s.loopWrites.get(substation).get() > 0, "the plain loop writes beside the kit: " + substation);
    }
    assertFalse(s.loopWrites.containsKey(subs.get(1)), "measurement on / off is the kit against itself");
    assertFalse(s.queries.containsKey(subs.get(0)), "the ingest path asks no queries");
    assertFalse(s.queries.containsKey(subs.get(1)), "nor does measurement on / off");
    assertTrue(s.queries.get(subs.get(2)).get() > 0, "the full workload does");
    assertEquals(2, s.loopsClosed.get());
    assertFalse(Files.exists(sutDir), "a purged store's server folder is deleted");
    assertTrue(s.loopKeys.stream().allMatch(k -> k.contains(":") && !k.contains("null")), "the pool has sensors");

    assertEquals(List.of("instance resources, memory, 2 threads: resident memory"),
        r.measurements().stream().map(BenchResult.Measurement::name).filter(n -> !isJit(n)).toList());
    assertEquals(2 * r.figures().size(), r.measurements().stream().map(BenchResult.Measurement::name)
        .filter(StorePartsTest::isJit).count(), "the JIT compiler's CPU of each side of each figure");
    for (BenchResult.Measurement m : withoutJit(r)) {
      assertTrue(m.median() > 0, m.name() + " " + m.median());
    }
    BenchResult read = io.iotkit.model.Json.mapper().readValue(io.iotkit.model.Json.bytes(r), BenchResult.class);
    assertEquals(r.figures().get(1).ratio(), read.figures().get(1).ratio(), "bench.json reads back");
    assertEquals(r.figures().get(0).targets(), read.figures().get(0).targets());
    assertEquals(r.figures().get(0).comparisons(), read.figures().get(0).comparisons());
    assertEquals(r.measurements().get(0).median(), read.measurements().get(0).median());
    String text = BenchReport.text(r);
    assertTrue(text.contains("instance resources, memory, 2 threads: resident memory"), text);
    assertTrue(BenchReport.html(r).contains("bench-measurements"));
  }

  @Test
  void theFullWorkloadsReferenceAsksTheDashboardsQueriesAllOfThemBeforeItsRoundEnds() throws Exception {
    MemoryStore provider = new MemoryStore(true);
    try (LoopDashboard dashboard = new LoopDashboard(provider, new Properties(), "s-1-000")) {
      dashboard.open();
      long t0 = System.nanoTime();
      // 20,000 readings bring 10 queries due; spread over 60 s, but the writes "end" at once
      LoopDashboard.Asking asking = dashboard.start(20_000, 60, io.iotkit.model.Clock.micros());
      asking.finish();
      assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "those still due are asked when the writes end");
      assertEquals(20, provider.store.queries.get("s-1-000").get(), "10 queries, each of two windows");
    }
    assertThrows(IllegalArgumentException.class,
        () -> new LoopDashboard(new MemoryStore(false), new Properties(), "s-1-000").open());
  }

  @Test
  void aStoreThatCannotBeMeasuredIsNamedAndTheNextOneIsMeasuredStill() throws Exception {
    MemoryStore refusing = new MemoryStore(true);
    refusing.refusal = "the store refused a write";
    MemoryStore fine = new MemoryStore(true);
    BenchResult r = Bench.runGroups(List.of(
        new StoreParts(refusing, null, LocalSetup.single(dir), dir.resolve("sut-a"), List.of(1)),
        new StoreParts(fine, null, LocalSetup.single(dir), dir.resolve("sut-b"), List.of(1))), 1, 0.02, line -> { });
    assertEquals(List.of("memory: the store refused a write"), r.failures());
    assertEquals(List.of("ingest path, memory, 1 thread", "measurement on / off, memory, 1 thread",
        "full workload, memory, 1 thread"), r.figures().stream().map(BenchResult.Figure::name).toList(),
        "the second store's figures, none of the first's");
    assertEquals("purge", refusing.store.events.get(refusing.store.events.size() - 1), "the failed one was closed");
    assertTrue(BenchReport.text(r).contains("Not measured: memory: the store refused a write."));
  }

  @Test
  void aStoreThatAnswersNoQueriesHasNoFullWorkloadPartAndItsResourcesComeFromTheIngestPath() throws Exception {
    MemoryStore provider = new MemoryStore(false);
    BenchResult r = Bench.runGroups(List.of(new StoreParts(provider, null, LocalSetup.single(dir),
        dir.resolve("sut"), List.of(1))), 1, 0.02, line -> { });
    assertEquals(List.of("ingest path, memory, 1 thread", "measurement on / off, memory, 1 thread"),
        r.figures().stream().map(BenchResult.Figure::name).toList());
    assertEquals(1, withoutJit(r).size());
    assertEquals(List.of("prepare " + provider.store.prepared.stream().sorted().toList(), "purge"),
        provider.store.events);
  }

  @Test
  void onlyTheFiguresAskedForAreMeasuredAndTheResourcesComeFromTheFullWorkloadIfAskedElseFromTheIngestPath()
      throws Exception {
    MemoryStore provider = new MemoryStore(true);
    BenchResult full = Bench.runGroups(List.of(new StoreParts(provider, null, LocalSetup.single(dir),
        dir.resolve("sut-a"), List.of(1), EnumSet.of(StoreFigure.FULL))), 1, 0.02, line -> { });
    assertEquals(List.of("full workload, memory, 1 thread"),
        full.figures().stream().map(BenchResult.Figure::name).toList());
    assertEquals(1, provider.store.prepared.size(), "one substation for the one part");
    assertEquals(1, withoutJit(full).size());

    MemoryStore second = new MemoryStore(true);
    BenchResult ingest = Bench.runGroups(List.of(new StoreParts(second, null, LocalSetup.single(dir),
        dir.resolve("sut-b"), List.of(1), EnumSet.of(StoreFigure.INGEST, StoreFigure.MEASUREMENT))), 1, 0.02,
        line -> { });
    assertEquals(List.of("ingest path, memory, 1 thread", "measurement on / off, memory, 1 thread"),
        ingest.figures().stream().map(BenchResult.Figure::name).toList());
    assertEquals(1, withoutJit(ingest).size(), "resources from the ingest path when no full workload runs");
    assertTrue(second.store.queries.isEmpty(), "no part asked a query");
  }

  @Test
  void onlyTheFullWorkloadOfAStoreThatAnswersNoQueriesIsBadSetupAndTheStoreIsStillClosed() {
    MemoryStore provider = new MemoryStore(false);
    SutSession.BadSetupException e = assertThrows(SutSession.BadSetupException.class,
        () -> Bench.runGroups(List.of(new StoreParts(provider, null, LocalSetup.single(dir), dir.resolve("sut"),
            List.of(1), EnumSet.of(StoreFigure.FULL))), 1, 0.02, line -> { }));
    assertTrue(e.getMessage().contains("memory answers no dashboard queries"), e.getMessage());
    assertEquals(List.of("purge"), provider.store.events, "nothing prepared, and closed as every store part is");
  }

  @Test
  void figureNamesAreReadAsAUserTypesThem() {
    assertEquals(StoreFigure.FULL, StoreFigure.named(" Full"));
    assertEquals(StoreFigure.INGEST, StoreFigure.named("ingest"));
    assertNull(StoreFigure.named("ingest-path"));
  }

  @Test
  void onlyABindingThatOverridesTheDefaultHasAPlainLoop() {
    assertTrue(StoreParts.hasPlainLoop(new MemoryStore(true)));
    assertFalse(StoreParts.hasPlainLoop(new BindingProvider() {
      @Override
      public String name() {
        return "sink";
      }

      @Override
      public KitBinding newBinding() {
        throw new UnsupportedOperationException();
      }

      @Override
      public StoreAdmin openAdmin(Properties properties) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Optional<LocalServer> localServer(Properties properties, LocalSetup setup) {
        return Optional.empty();
      }
    }));
  }

  private static boolean isJit(String measurement) {
    return measurement.startsWith("JIT compiler, ");
  }

  private static List<BenchResult.Measurement> withoutJit(BenchResult r) {
    return r.measurements().stream().filter(m -> !isJit(m.name())).toList();
  }
}

package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.WindowResult;
import io.iotkit.model.WorkloadSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class IotWorkloadTest {
  private static final long S = 1_000_000L;
  private static final long T0 = 1_767_225_600_000_000L;
  private static final String SUB = "sub-1";

  private final AtomicLong clock = new AtomicLong(T0);
  private IotWorkload workload;
  private Properties props;

  @BeforeEach
  void setUp() {
    props = new Properties();
    props.setProperty(IotWorkload.SUBSTATION, SUB);
    props.setProperty(IotWorkload.DATA_SINCE, Long.toString(T0));
    props.setProperty(IotWorkload.SEED, "42");
    workload = new IotWorkload(clock::get);
    workload.init(props);
  }

  private IotWorkload.ThreadState thread(int id, int of) {
    return (IotWorkload.ThreadState) workload.initThread(props, id, of);
  }

  /** A thread writing through {@code db}, as an instance's insert thread does. */
  private IotWorkload.ThreadState writer(int id, int of, KitBinding db) {
    IotWorkload.ThreadState s = thread(id, of);
    workload.attach(db, s);
    return s;
  }

  private boolean write(KitBinding db, IotWorkload.ThreadState s) {
    return workload.write(db, s, IotWorkload.UNSCHEDULED);
  }

  // Every sensor gets one reading each 100 ms from T0 on, for `seconds` seconds.
  private void fillGrid(MemoryBinding db, IotWorkload.ThreadState s, int seconds) {
    workload.attach(db, s);
    for (int round = 0; round < seconds * 10; round++) {
      clock.set(T0 + round * 100_000L);
      for (int n = 0; n < 200; n++) {
        assertTrue(write(db, s));
      }
    }
    assertTrue(workload.finish(db, s));
  }

  @Test
  void writeStoresOneReadingOfTheThreadsSensors() {
    MemoryBinding db = new MemoryBinding();
    IotWorkload.ThreadState s = writer(2, 10, db);
    for (int n = 0; n < 60; n++) {
      clock.set(T0 + n);
      assertTrue(write(db, s));
    }
    assertTrue(workload.finish(db, s));
    assertEquals(60, db.store.size());
    assertEquals(60, db.countReadings(java.util.List.of(SUB)));
    Set<String> mine = Set.copyOf(SensorCatalog.forThread(2, 10).stream().map(Sensor::key).toList());
    db.store.forEach((key, value) -> {
      String[] parts = key.split(":");
      assertEquals(SUB, parts[0]);
      assertTrue(mine.contains(parts[1]), key);
      long micros = ReadingFormat.micros(key);
      assertTrue(micros >= T0 && micros < T0 + 60, key);
    });
    assertEquals(60, s.measured.acknowledged());
    assertEquals(0, s.measured.failedInserts());
    assertEquals(60, interval(s.measured.insertMicros).getTotalCount());
  }

  @Test
  void theStoreReceivesOneKilobyteOfValueUnitAndPadding() {
    Map<String, Reading> seen = new HashMap<>();
    MemoryBinding spy = new MemoryBinding() {
      @Override
      public void write(Reading reading, Acknowledgement ack) {
        seen.put(reading.key(), reading);
        ack.acknowledged();
      }
    };
    IotWorkload.ThreadState s = writer(0, 1, spy);
    for (int n = 0; n < 400; n++) {
      write(spy, s);
    }
    assertEquals(400, seen.size());
    Map<String, SensorType> types = new HashMap<>();
    SensorCatalog.sensors().forEach(x -> types.put(x.key(), x.type()));
    seen.forEach((key, r) -> {
      assertEquals(SUB, r.substation());
      SensorType type = types.get(r.sensor());
      double value = Double.parseDouble(r.value());
      assertTrue(value >= type.min() && value <= type.max(), key + " " + r.value());
      assertEquals(type.unit(), r.unit());
      assertEquals(WorkloadSpec.KVP_BYTES, key.length() + r.value().length() + r.unit().length()
          + r.padding().length);
      assertEquals(WorkloadSpec.KVP_BYTES, r.bytes());
    });
    assertEquals(400, s.measured.acknowledged());
  }

  /** Under YCSB's own client: the reading goes as a key and three fields, which the binding turns back into it. */
  @Test
  void ycsbsInsertHandsTheBindingTheSameReadingAsKeyAndFields() {
    List<String> keys = new java.util.ArrayList<>();
    MemoryBinding db = new MemoryBinding() {
      @Override
      public void write(Reading reading, Acknowledgement ack) {
        keys.add(reading.key());
        assertEquals(WorkloadSpec.KVP_BYTES, reading.bytes());
        super.write(reading, ack);
      }
    };
    IotWorkload.ThreadState s = thread(0, 1);
    for (int n = 0; n < 50; n++) {
      assertTrue(workload.doInsert(db, s));
    }
    assertEquals(50, keys.size());
    assertEquals(Set.copyOf(keys), db.store.keySet());
    assertEquals(50, s.measured.acknowledged());
    assertEquals(50, interval(s.measured.insertMicros).getTotalCount());
  }

  @Test
  void queriesReadBothWindowsOfFullData() {
    MemoryBinding db = new MemoryBinding();
    IotWorkload.ThreadState s = thread(0, 1);
    fillGrid(db, s, 20);
    assertEquals(200 * 200, db.store.size());
    long now = T0 + 20 * S;
    clock.set(now);
    for (int n = 0; n < 40; n++) {
      assertTrue(workload.doTransaction(db, s));
    }
    ThreadMeasurements m = s.measured;
    assertEquals(40, m.queries);
    assertEquals(0, m.failedQueries);
    // any 5 s window of a 10 Hz grid holds exactly 50 readings
    assertEquals(40 * 100, m.readingsAggregated);
    assertEquals(0, m.emptyWindows);
    long recorded = 0;
    Set<Aggregate> used = EnumSet.noneOf(Aggregate.class);
    Map<Aggregate, Long> timed = new EnumMap<>(Aggregate.class);
    for (Aggregate t : Aggregate.values()) {
      Histogram h = new Histogram(3);
      m.queryMicros[t.ordinal()].addIntervalTo(h);
      timed.put(t, h.getTotalCount());
      recorded += h.getTotalCount();
      if (h.getTotalCount() > 0) {
        used.add(t);
      }
    }
    assertEquals(40, recorded);
    assertEquals(EnumSet.allOf(Aggregate.class), used);
    // per template: as many readings as its queries' windows held; the memory store reads only the window
    for (Aggregate t : Aggregate.values()) {
      int i = t.ordinal();
      assertEquals(100 * timed.get(t), m.aggregatedPerTemplate.get(i), t.name());
      assertEquals(m.aggregatedPerTemplate.get(i), m.readPerTemplate[i], t.name());
      assertEquals(0, m.unmeasuredWindowsPerTemplate[i], t.name());
    }

    assertEquals(80, db.calls.size());
    for (int n = 0; n < 80; n += 2) {
      MemoryBinding.Call a = db.calls.get(n), b = db.calls.get(n + 1);
      assertEquals(SUB, a.substation());
      assertEquals(a.sensor(), b.sensor());
      assertEquals(a.fn(), b.fn());
      assertEquals(now - 5 * S, a.from());
      assertEquals(now, a.to());
      assertTrue(b.from() >= T0 && b.to() <= now - 5 * S, b.toString());
      assertEquals(50, a.result().count());
      assertEquals(50, b.result().count());
    }
  }

  @Test
  void queriesAnswerTheTemplateOverTheWindow() {
    MemoryBinding db = new MemoryBinding();
    IotWorkload.ThreadState s = thread(0, 1);
    fillGrid(db, s, 20);
    clock.set(T0 + 20 * S);
    for (int n = 0; n < 20; n++) {
      workload.doTransaction(db, s);
    }
    for (MemoryBinding.Call c : db.calls) {
      var window = db.store.subMap(ReadingFormat.key(SUB, c.sensor(), c.from()), ReadingFormat.key(SUB, c.sensor(), c.to()))
          .values();
      double expected = switch (c.fn()) {
        case MAX -> window.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        case MIN -> window.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        case AVG -> window.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        case COUNT -> window.size();
      };
      assertEquals(expected, c.result().value(), 1e-9, c.toString());
    }
  }

  @Test
  void windowsWithoutDataAreCountedEmpty() {
    MemoryBinding db = new MemoryBinding();
    IotWorkload.ThreadState s = thread(0, 1);
    fillGrid(db, s, 20);
    clock.set(T0 + 3_620 * S); // A and the whole lookback lie after the data
    for (int n = 0; n < 10; n++) {
      assertTrue(workload.doTransaction(db, s));
    }
    assertEquals(10, s.measured.queries);
    assertEquals(0, s.measured.readingsAggregated);
    assertEquals(20, s.measured.emptyWindows);
  }

  @Test
  void readsABindingCannotTellAreCountedUnmeasured() {
    MemoryBinding db = new MemoryBinding() {
      @Override
      public WindowResult aggregate(Aggregate fn, String substation, String sensor, long from, long to) {
        return new WindowResult(3, 1.0); // read unmeasured
      }
    };
    IotWorkload.ThreadState s = thread(0, 1);
    clock.set(T0 + 20 * S);
    for (int n = 0; n < 10; n++) {
      assertTrue(workload.doTransaction(db, s));
    }
    long windows = 0, aggregated = 0;
    for (Aggregate t : Aggregate.values()) {
      windows += s.measured.unmeasuredWindowsPerTemplate[t.ordinal()];
      aggregated += s.measured.aggregatedPerTemplate.get(t.ordinal());
      assertEquals(0, s.measured.readPerTemplate[t.ordinal()]);
    }
    assertEquals(20, windows);
    assertEquals(60, aggregated);
  }

  @Test
  void aFailingQueryIsCountedNotTimedAndTheFirstReasonLogged() {
    MemoryBinding db = new MemoryBinding() {
      @Override
      public WindowResult aggregate(Aggregate fn, String substation, String sensor, long from, long to) {
        throw new IllegalStateException("store down");
      }
    };
    IotWorkload.ThreadState s = thread(0, 1);
    PrintStream err = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
    try {
      assertFalse(workload.doTransaction(db, s));
      assertFalse(workload.doTransaction(db, s));
    } finally {
      System.setErr(err);
    }
    assertEquals(2, s.measured.queries);
    assertEquals(2, s.measured.failedQueries);
    Histogram timed = new Histogram(3);
    for (SingleWriterHistogram h : s.measured.queryMicros) {
      h.addIntervalTo(timed);
    }
    assertEquals(0, timed.getTotalCount());
    String logged = log.toString(StandardCharsets.UTF_8);
    assertEquals(1, logged.lines().count(), "the first failure's reason is logged, later ones counted: " + logged);
    assertTrue(logged.contains("store down"), logged);
  }

  @Test
  void dataSinceBoundsWindowB() throws DBException {
    MemoryBinding db = new MemoryBinding();
    IotWorkload.ThreadState s = thread(0, 1);
    workload.dataSince(T0 + 100 * S);
    clock.set(T0 + 103 * S); // data younger than two windows: B starts where it starts
    workload.doTransaction(db, s);
    assertEquals(T0 + 100 * S, db.calls.get(1).from());
  }

  @Test
  void batchingStoreEndsWithEveryReadingStoredAndAcknowledged() {
    MemoryBinding db = new MemoryBinding(new java.util.concurrent.ConcurrentSkipListMap<>(), 7);
    IotWorkload.ThreadState s = writer(1, 3, db);
    for (int n = 0; n < 100; n++) {
      clock.set(T0 + n);
      write(db, s);
    }
    assertEquals(98, db.store.size()); // 14 full batches; 2 readings still held
    assertEquals(98, s.measured.acknowledged());
    workload.finish(db, s);
    assertEquals(100, db.store.size());
    assertEquals(100, s.measured.acknowledged());
    assertEquals(0, s.measured.failedInserts());
  }

  @Test
  void threadsOfConsecutiveInstancesGenerateDifferentData() {
    // the master seeds instance i with base + i; no two of their ten threads may repeat each other's padding
    Set<String> paddings = new java.util.HashSet<>();
    for (long seed = 1_000; seed < 1_003; seed++) {
      props.setProperty(IotWorkload.SEED, Long.toString(seed));
      workload.init(props);
      for (int t = 0; t < 10; t++) {
        assertTrue(paddings.add(new String(thread(t, 10).generator.next().padding())), "seed " + seed + " thread " + t);
      }
    }
  }

  @Test
  void aBadInFlightBoundIsABadProperty() {
    java.util.Properties p = new java.util.Properties();
    p.setProperty(IotWorkload.IN_FLIGHT, "lots");
    var e = org.junit.jupiter.api.Assertions.assertThrows(io.iotkit.binding.settings.BadPropertyException.class,
        () -> IotWorkload.checkProperties(p));
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(IotWorkload.IN_FLIGHT), e.getMessage());
    p.setProperty(IotWorkload.IN_FLIGHT, "0");
    org.junit.jupiter.api.Assertions.assertThrows(io.iotkit.binding.settings.BadPropertyException.class,
        () -> IotWorkload.checkProperties(p));
    p.setProperty(IotWorkload.IN_FLIGHT, "500");
    IotWorkload.checkProperties(p);
  }

  private static org.HdrHistogram.Histogram interval(SingleWriterHistogram h) {
    org.HdrHistogram.Histogram into = new org.HdrHistogram.Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
    h.addIntervalTo(into);
    return into;
  }
}

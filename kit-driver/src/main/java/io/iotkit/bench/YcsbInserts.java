package io.iotkit.bench;

import io.iotkit.binding.BindingProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * The reference: YCSB's {@link CoreWorkload} inserting 1 KB records (10 fields of 100 random bytes, YCSB's
 * defaults) into a binding, each thread in YCSB's own loop (one {@code doInsert} per operation, no pacing),
 * with no measurement around the call.
 */
final class YcsbInserts {
  private final BindingProvider binding;
  private final Properties properties;
  private final int threads;
  private final RoundSizer sizer = new RoundSizer();

  YcsbInserts(BindingProvider binding, Properties properties, int threads) {
    this.binding = binding;
    this.properties = properties;
    this.threads = threads;
  }

  static Properties oneKilobyteRecords() {
    Properties p = new Properties();
    p.setProperty(CoreWorkload.FIELD_COUNT_PROPERTY, "10");
    p.setProperty(CoreWorkload.FIELD_LENGTH_PROPERTY, "100");
    p.setProperty(CoreWorkload.INSERT_ORDER_PROPERTY, "hashed");
    return p;
  }

  BenchPart.Round round(double seconds) throws Exception {
    return sizer.round(seconds, this::seconds);
  }

  private double seconds(long records) throws Exception {
    Properties p = new Properties();
    p.putAll(properties);
    p.putAll(oneKilobyteRecords());
    Measurements.setProperties(p); // CoreWorkload reaches for YCSB's measurements when it is made
    CoreWorkload workload = new CoreWorkload();
    workload.init(p);
    List<DB> dbs = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      DB db = binding.newBinding();
      db.setProperties(p);
      db.init();
      dbs.add(db);
    }
    List<Thread> running = new ArrayList<>();
    long start = System.nanoTime();
    for (int t = 0; t < threads; t++) {
      DB db = dbs.get(t);
      Object state = workload.initThread(p, t, threads);
      long quota = records / threads + (t == threads - 1 ? records % threads : 0);
      Thread th = new Thread(() -> {
        for (long n = 0; n < quota; n++) {
          workload.doInsert(db, state);
        }
      }, "ycsb-" + t);
      th.start();
      running.add(th);
    }
    for (Thread th : running) {
      th.join();
    }
    long nanos = System.nanoTime() - start;
    for (DB db : dbs) {
      db.cleanup();
    }
    return Math.max(1, nanos) / 1e9;
  }
}

package io.iotkit.instance;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.WindowQueries;
import io.iotkit.control.SecondFrame;
import io.iotkit.model.Arrivals;
import io.iotkit.model.DriverTime;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.InstanceTotals;
import io.iotkit.model.QueryReads;
import io.iotkit.model.ReadOnlyQueries;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.resources.SecondSampler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import site.ycsb.DBException;

/**
 * Runs one phase of one driver instance: opens a binding per thread, waits at the start barrier, then each
 * thread inserts its share of the instance's kvps; the thread whose count takes the instance past its 2,000th,
 * 4,000th, ... insert hands a dashboard query to the instance's {@link QueryThread} (or runs it itself when that
 * thread is two behind), so queries are spread through the run at 5 per 10,000 kvps.
 * Threads add their inserts to the instance's count every {@value #COUNTED_EVERY} inserts (and at their end),
 * so a query comes at most that many inserts of its thread late, and the instance runs floor(KVP/2000) in all.
 *
 * <p>The instance ends (its result's {@code endMicros}, the latest of which is the execution's TS_end) when its
 * last kvp is acknowledged (docs/PROTOCOL.md §4.2). The queries its last inserts made due, and those still waiting
 * on the query thread then, run after that instant: they are counted and sent in its second frames, but their
 * tail does not lengthen the measured time.
 *
 * <p>A paced instance ({@link InstanceSpec#rate()} above 0) gives each thread a schedule of rate/threads inserts a
 * second on average from the common start instant, its gaps fixed or Gaussian ({@link Schedule}); a thread ahead
 * of its schedule waits, a thread behind it does not, and each insert's latency runs from its scheduled time, so a
 * stall of the store is charged to every reading scheduled during it (no coordinated omission).
 */
public final class InstanceRunner {
  private final InstanceSpec spec;
  private final Supplier<KitBinding> bindings;
  private final Properties properties;
  private final LongSupplier clockMicros;
  private final Consumer<SecondFrame> seconds;
  private final SecondSampler resources;
  private final boolean measured;
  /**
   * How many inserts a thread makes before adding them to the instance's count: one shared counter touched by
   * every insert of every thread would bounce its cache line between cores on each insert.
   */
  static final int COUNTED_EVERY = 100;
  /** Inserts of the whole instance: the query cadence counts these, so P instances run floor(KVP(i)/2000) each. */
  private final AtomicLong inserted = new AtomicLong();

  /**
   * @param seconds receives each second's measurements while the run goes on
   * @param resources samples the instance's host and JVM for each second, or null to sample nothing
   */
  public InstanceRunner(InstanceSpec spec, Supplier<KitBinding> bindings, Properties properties,
                        LongSupplier clockMicros, Consumer<SecondFrame> seconds, SecondSampler resources) {
    this(spec, bindings, properties, clockMicros, seconds, resources, true);
  }

  /**
   * @param measured false for the kit's own benchmark only, which compares a run with and without measurement:
   *     then no insert latency is recorded and nothing is sampled per second (the result has one interval)
   */
  public InstanceRunner(InstanceSpec spec, Supplier<KitBinding> bindings, Properties properties,
                        LongSupplier clockMicros, Consumer<SecondFrame> seconds, SecondSampler resources,
                        boolean measured) {
    this.measured = measured;
    this.resources = resources;
    this.spec = spec;
    this.bindings = bindings;
    this.properties = properties;
    this.clockMicros = clockMicros;
    this.seconds = seconds;
  }

  /** kvps attempted so far (up to {@value #COUNTED_EVERY} per thread behind), for progress reports. */
  public long inserted() {
    return inserted.get();
  }

  /** The start barrier: returns the epoch µs at which all instances begin. */
  public interface StartBarrier {
    long awaitStart() throws InterruptedException;
  }

  /**
   * Runs the phase: its seconds go to the frame consumer as they pass, and what no second holds comes back as the
   * instance's totals.
   */
  public InstanceTotals run(StartBarrier barrier) throws DBException, InterruptedException, IOException {
    Properties p = new Properties();
    p.putAll(properties);
    p.setProperty(IotWorkload.SUBSTATION, spec.substation());
    p.setProperty(IotWorkload.DATA_SINCE, Long.toString(spec.dataSinceMicros()));
    p.setProperty(IotWorkload.SEED, Long.toString(spec.seed()));
    p.setProperty(IotWorkload.KVP_BYTES, spec.kvpSize().label());
    IotWorkload workload = new IotWorkload(clockMicros, measured);
    workload.init(p);
    if (spec.readOnly() != null) {
      return readOnly(workload, p, spec.readOnly(), barrier);
    }
    int threads = spec.threads();
    List<KitBinding> dbs = new ArrayList<>();
    List<IotWorkload.ThreadState> states = new ArrayList<>();
    List<Thread> running = new ArrayList<>();
    try {
      for (int t = 0; t < threads; t++) {
        KitBinding db = open(p, dbs);
        IotWorkload.ThreadState state = (IotWorkload.ThreadState) workload.initThread(p, t, threads);
        workload.attach(db, state);
        states.add(state);
      }
      IotWorkload.ThreadState queryState = null;
      if (!spec.noQueries() && dbs.get(0) instanceof WindowQueries) {
        open(p, dbs);
        queryState = workload.initQueryThread(threads);
        states.add(queryState);
      }
      QueryThread queries = queryState == null ? null : new QueryThread(workload, dbs.get(threads), queryState);
      // Every insert thread is made and started before the barrier and waits at this latch: the release then costs
      // the instance no thread creation and no class loading, which on a busy host put its first reading a tenth of
      // a second or more after the start.
      Release release = new Release();
      for (int t = 0; t < threads; t++) {
        long quota = WorkloadSpec.kvpsForThread(t, threads, spec.kvps());
        KitBinding db = dbs.get(t);
        IotWorkload.ThreadState state = states.get(t);
        Schedule schedule = Schedule.of(spec.rate(), threads, spec.arrivals(), spec.seed(), t);
        running.add(release.thread("insert-" + t,
            () -> insertLoop(workload, db, state, quota, schedule, release.originNanos, queries)));
      }
      if (queries != null) {
        queries.start(); // it waits for the queries the inserts make due
      }
      return measure(barrier, workload, release, states, running, queries, dbs);
    } finally {
      running.forEach(Thread::interrupt); // threads still at the latch when the phase failed before its start
      closeAll(dbs);
    }
  }

  /**
   * A read-only execution: {@link ReadOnlyQueries#threads} query threads, each paced at its share of the queries a
   * second, run their share of the queries against the stored data; it ends when its time is up, or at its last
   * answer when behind.
   */
  private InstanceTotals readOnly(IotWorkload workload, Properties p, ReadOnlyQueries readOnly, StartBarrier barrier)
      throws DBException, InterruptedException {
    int threads = readOnly.threads(spec.threads());
    List<KitBinding> dbs = new ArrayList<>();
    List<IotWorkload.ThreadState> states = new ArrayList<>();
    List<Thread> running = new ArrayList<>();
    try {
      for (int t = 0; t < threads; t++) {
        if (!(open(p, dbs) instanceof WindowQueries)) {
          throw new DBException("a read-only execution needs dashboard queries, and " + spec.binding()
              + " answers none");
        }
        states.add(workload.initQueryThread(t));
      }
      Release release = new Release();
      for (int t = 0; t < threads; t++) {
        long quota = WorkloadSpec.kvpsForThread(t, threads, readOnly.queries());
        KitBinding db = dbs.get(t);
        IotWorkload.ThreadState state = states.get(t);
        Schedule schedule = Schedule.of(readOnly.perSecond(), threads, Arrivals.FIXED, spec.seed(), t);
        running.add(release.thread("query-" + t,
            () -> queryLoop(workload, db, state, quota, schedule, release.originNanos, readOnly)));
      }
      return measure(barrier, workload, release, states, running, null, dbs);
    } finally {
      running.forEach(Thread::interrupt); // threads still at the latch when the phase failed before its start
      closeAll(dbs);
    }
  }

  /**
   * The latch every thread waits at before the start, and the schedules' origin: the start instant on this JVM's
   * monotonic clock, shared by every thread, so a thread that starts late is behind its schedule (and catches up)
   * rather than shifting it. The origin is written before the latch opens and read after: the latch orders them.
   */
  private static final class Release {
    final CountDownLatch go = new CountDownLatch(1);
    long originNanos;

    /** Starts a thread that waits for the release, then does {@code work}. */
    Thread thread(String name, Runnable work) {
      Thread th = new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return; // the phase ended before its start
        }
        work.run();
      }, name);
      th.start();
      return th;
    }
  }

  /**
   * Waits at the start barrier, releases the threads at the start instant, samples each second until they ended,
   * and returns the instance's totals.
   *
   * @param queries a live run's query thread, closed once the threads ended; null for none
   */
  private InstanceTotals measure(StartBarrier barrier, IotWorkload workload, Release release,
                                 List<IotWorkload.ThreadState> states, List<Thread> running, QueryThread queries,
                                 List<KitBinding> dbs) throws DBException, InterruptedException {
    long start = barrier.awaitStart();
    if (spec.dataSinceMicros() <= 0) {
      workload.dataSince(start); // a warmup's data begins with it
    }
    sleepUntil(start);
    long gcBefore = GcPauses.micros();
    release.originNanos = System.nanoTime() - (clockMicros.getAsLong() - start) * 1_000;
    release.go.countDown();
    if (resources != null) {
      resources.baseline(); // the few milliseconds since the release go uncounted
    }
    IntervalSampler sampler = new IntervalSampler(states.stream().map(s -> s.measured).toList(),
        workload.ingestLatencies(), start, clockMicros, seconds, resources);
    Thread sampling = new Thread(sampler::sampleEverySecond, "sampler");
    sampling.setDaemon(true);
    if (measured) {
      sampling.start();
    }
    for (Thread th : running) {
      th.join();
    }
    // The instance's end is already taken: each thread's, when its last kvp was acknowledged (or its last query
    // answered). A live run's queries still waiting belong to this phase and are counted, but their tail is no part
    // of TS_start..TS_end.
    if (queries != null) {
      queries.close();
    }
    sampling.interrupt();
    sampling.join();
    sampler.sample(clockMicros.getAsLong());
    InstanceTotals result = totals(start, states, GcPauses.micros() - gcBefore);
    // a binding's client counters are complete only once it closed (its last requests answered)
    return result.withClientCounters(closeAll(dbs));
  }

  /**
   * A read-only thread: its queries at their scheduled instants, each asked as at the end of the stored data; it
   * ends when the execution's time is up or, behind its schedule, at its last answer, so queries a second are those
   * asked over the whole time.
   */
  private void queryLoop(IotWorkload workload, KitBinding db, IotWorkload.ThreadState state, long quota,
                         Schedule schedule, long origin, ReadOnlyQueries readOnly) {
    ThreadMeasurements m = state.measured;
    m.firstWriteMicros = clockMicros.getAsLong(); // its first query: how late after the release it began
    for (long n = 0; n < quota; n++) {
      long intended = origin + schedule.nextOffsetNanos();
      long before = System.nanoTime();
      long now = parkUntil(intended, before);
      m.pacingWaitNanos += now - before;
      m.behindScheduleMaxNanos = Math.max(m.behindScheduleMaxNanos, now - intended);
      workload.query(db, state, intended, readOnly.dataUntilMicros());
      m.storeWaitNanos += System.nanoTime() - now;
    }
    long before = System.nanoTime();
    m.pacingWaitNanos += parkUntil(origin + readOnly.seconds() * 1_000_000_000L, before) - before;
    m.endMicros = clockMicros.getAsLong();
  }

  /**
   * Closes the bindings not closed yet and returns what their store clients counted, summed by name. A binding
   * leaves the list as it is closed, so that the failure path does not close it twice.
   */
  static Map<String, Long> closeAll(List<KitBinding> dbs) {
    Map<String, Long> counters = new TreeMap<>();
    while (!dbs.isEmpty()) {
      KitBinding db = dbs.remove(dbs.size() - 1);
      try {
        db.cleanup();
      } catch (DBException e) {
        // closing after the run: nothing left to settle
      }
      db.clientCounters().forEach((name, n) -> counters.merge(name, n, Long::sum));
    }
    return counters;
  }

  /** Opens one more binding with these properties; it joins {@code opened}, which are closed at the end. */
  private KitBinding open(Properties p, List<KitBinding> opened) throws DBException {
    KitBinding db = bindings.get();
    db.setProperties(p);
    db.init();
    opened.add(db);
    return db;
  }

  private void insertLoop(IotWorkload workload, KitBinding db, IotWorkload.ThreadState state, long quota,
                          Schedule schedule, long origin, QueryThread queries) {
    int uncounted = 0;
    if (quota > 0) {
      state.measured.firstWriteMicros = clockMicros.getAsLong(); // how late after the release this thread began
    }
    for (long n = 0; n < quota; n++) {
      if (schedule.paced()) {
        long intended = origin + schedule.nextOffsetNanos();
        long before = System.nanoTime();
        long sending = 0;
        OptionalLong due = db.flushDue();
        if (due.isPresent() && due.getAsLong() - intended < 0) {
          // the binding's linger ends before the next reading is due: its partial batch goes now, not a batch later
          parkUntil(due.getAsLong(), before);
          sending = workload.sendHeld(db, state);
        }
        long now = parkUntil(intended, System.nanoTime());
        ThreadMeasurements m = state.measured;
        m.pacingWaitNanos += now - before - sending;
        m.behindScheduleMaxNanos = Math.max(m.behindScheduleMaxNanos, now - intended);
        workload.write(db, state, intended);
      } else {
        workload.write(db, state, IotWorkload.UNSCHEDULED);
      }
      if (++uncounted == COUNTED_EVERY) {
        count(uncounted, workload, db, state, queries);
        uncounted = 0;
      }
    }
    workload.finish(db, state);
    state.measured.endMicros = clockMicros.getAsLong(); // its last kvp acknowledged
    // the queries its last inserts made due come after its end: run here (when the query thread has one
    // waiting) or on the query thread, they are counted and do not lengthen the measured time
    count(uncounted, workload, db, state, queries);
  }

  /**
   * Adds a thread's inserts to the instance's count and starts the queries due: one for each multiple of
   * {@link WorkloadSpec#INSERTS_PER_QUERY} the count passes, handed to the query thread, or run here when that
   * thread has one waiting already. The counts of all threads cover the instance's inserts exactly once, so every
   * multiple is passed by exactly one thread.
   */
  private void count(int inserts, IotWorkload workload, KitBinding db, IotWorkload.ThreadState state,
                     QueryThread queries) {
    long after = inserted.addAndGet(inserts);
    long due = after / WorkloadSpec.INSERTS_PER_QUERY - (after - inserts) / WorkloadSpec.INSERTS_PER_QUERY;
    for (long q = 0; q < due && queries != null; q++) {
      if (!queries.offer()) {
        workload.doTransaction(db, state);
      }
    }
  }

  /** Parks until {@code nanoTime}, the clock reading {@code now} at the call; returns the clock at the return. */
  private static long parkUntil(long nanoTime, long now) {
    while (nanoTime - now > 0) {
      java.util.concurrent.locks.LockSupport.parkNanos(nanoTime - now);
      now = System.nanoTime();
    }
    return now;
  }

  private void sleepUntil(long epochMicros) throws InterruptedException {
    long waitMicros;
    while ((waitMicros = epochMicros - clockMicros.getAsLong()) > 0) {
      Thread.sleep(waitMicros / 1_000, (int) (waitMicros % 1_000) * 1_000);
    }
  }

  private InstanceTotals totals(long start, List<IotWorkload.ThreadState> states, long gcPauseMicros) {
    Map<Aggregate, QueryReads> reads = new EnumMap<>(Aggregate.class);
    long ack = 0, failedInserts = 0, count = 0, failedQueries = 0, readings = 0, empty = 0, end = start;
    long firstWrite = Long.MAX_VALUE;
    long threadMicros = 0, storeWaitNanos = 0, pacingNanos = 0, behindNanos = 0;
    for (IotWorkload.ThreadState s : states) {
      ThreadMeasurements m = s.measured;
      ack += m.acknowledged();
      failedInserts += m.failedInserts();
      count += m.queries;
      failedQueries += m.failedQueries;
      readings += m.readingsAggregated;
      empty += m.emptyWindows;
      for (Aggregate a : Aggregate.values()) {
        int t = a.ordinal();
        reads.merge(a, new QueryReads(m.aggregatedPerTemplate.get(t), m.readPerTemplate[t],
            m.unmeasuredWindowsPerTemplate[t]), QueryReads::plus);
      }
      if (m.endMicros > 0) {
        end = Math.max(end, m.endMicros); // the insert and read-only threads' ends; a live run's query thread has none
        if (m.firstWriteMicros > 0) {
          firstWrite = Math.min(firstWrite, m.firstWriteMicros);
          threadMicros += Math.max(0, m.endMicros - m.firstWriteMicros);
        }
        storeWaitNanos += m.storeWaitNanos;
        pacingNanos += m.pacingWaitNanos;
        behindNanos = Math.max(behindNanos, m.behindScheduleMaxNanos);
      }
    }
    long startLag = firstWrite == Long.MAX_VALUE ? 0 : Math.max(0, firstWrite - start);
    return new InstanceTotals(spec.instance(), spec.substation(), spec.kvps(), ack, failedInserts, start, end,
        startLag, count, failedQueries, readings, empty, reads, PeakMemory.residentBytes(),
        resources == null ? null : resources.sampled(), Map.of(), new DriverTime(threadMicros,
            storeWaitNanos / 1_000, pacingNanos / 1_000, behindNanos / 1_000, gcPauseMicros));
  }
}

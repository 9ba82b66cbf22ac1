package io.iotkit.instance;

import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.ReadingWriter;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import io.iotkit.model.Clock;
import io.iotkit.model.KvpSize;
import io.iotkit.model.WorkloadSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;

/**
 * The IoT workload as a YCSB {@link Workload}: {@link #write} (or YCSB's {@link #doInsert}) writes one reading of
 * one of the thread's sensors, {@link #doTransaction} runs one dashboard query. The thread loop that calls them,
 * and when, is {@link InstanceRunner}'s (or YCSB's client's).
 *
 * <p>Properties: {@value #SUBSTATION}, {@value #TABLE}, {@value #DATA_SINCE} (epoch µs from which the
 * substation has data, bounding query window B), {@value #SEED}, {@value #KVP_BYTES} (bytes of each reading,
 * B or MIN-MAX, default {@link WorkloadSpec#KVP_BYTES}; the runner sets it from the instance's spec), {@value
 * #IN_FLIGHT} (readings a thread may have in flight when its binding acknowledges asynchronously, default
 * {@value #DEFAULT_IN_FLIGHT}).
 *
 * <p>The kit's own instances write typed readings through the thread's {@link ReadingWriter} ({@link #write});
 * YCSB's client, which knows only {@link DB}, goes through {@link #doInsert}, which hands the binding the reading's
 * key and fields and waits for each.
 *
 * <p>Insert latency is the time of the write call, from the reading's scheduled time when paced: it includes the
 * wait for room under the thread's in-flight bound, and a blocking store's batch at a batch boundary, so a slow or
 * stalled store shows in it as its backpressure.
 */
public final class IotWorkload extends Workload {
  private static final Logger LOG = LoggerFactory.getLogger(IotWorkload.class);
  public static final String SUBSTATION = KitBinding.SUBSTATION;
  public static final String TABLE = "iot.table";
  public static final String DATA_SINCE = "iot.data.since.micros";
  public static final String SEED = "iot.seed";
  public static final String IN_FLIGHT = "iot.inflight.readings";
  public static final String KVP_BYTES = "iot.kvp.bytes";
  /**
   * Enough to keep a store busy (10 threads x 1,000 in flight carry 100,000 readings/s at 100 ms a write), few
   * enough that a store's request queue and the instance's heap stay small (HBase: 10 batches a thread).
   */
  static final long DEFAULT_IN_FLIGHT = 1_000;

  /** An insert with no schedule ({@link System#nanoTime()} may be negative, so no ordinary value can mean it). */
  static final long UNSCHEDULED = Long.MIN_VALUE;

  private final LongSupplier clockMicros;
  /** False only in the kit's own benchmark, which measures what measuring costs; a run always measures. */
  private final boolean measured;
  private String substation;
  private String table;
  private long dataSinceMicros;
  private long seed;
  private KvpSize kvpSize = KvpSize.COMPLIANT;
  private long inFlightBound = DEFAULT_IN_FLIGHT;
  private final IngestLatencies ingest = new IngestLatencies();

  public IotWorkload() {
    this(Clock::micros);
  }

  IotWorkload(LongSupplier clockMicros) {
    this(clockMicros, true);
  }

  IotWorkload(LongSupplier clockMicros, boolean measured) {
    this.clockMicros = clockMicros;
    this.measured = measured;
  }

  @Override
  public void init(Properties p) {
    substation = p.getProperty(SUBSTATION, "s0");
    table = p.getProperty(TABLE, "iot");
    dataSinceMicros = Long.parseLong(p.getProperty(DATA_SINCE, "0"));
    seed = Long.parseLong(p.getProperty(SEED, Long.toString(System.nanoTime())));
    kvpSize = KvpSize.parse(p.getProperty(KVP_BYTES, Integer.toString(WorkloadSpec.KVP_BYTES)));
    inFlightBound = inFlightBound(p);
  }

  /**
   * The workload's own settings among the binding properties, read as the instance will read them; the master
   * calls this before anything starts, so a bad value is one line and exit 2, not a failed instance.
   *
   * @throws io.iotkit.binding.settings.BadPropertyException naming the property
   */
  public static void checkProperties(Properties p) {
    inFlightBound(p);
  }

  private static long inFlightBound(Properties p) {
    return new io.iotkit.binding.settings.PropertyReader(p).longIn(IN_FLIGHT, DEFAULT_IN_FLIGHT, 1, Long.MAX_VALUE);
  }

  /** The instance's ingest latencies, recorded wherever acknowledgements arrive. */
  IngestLatencies ingestLatencies() {
    return ingest;
  }

  /** Sets when this substation's data begins (window B never reaches before it); call before threads start. */
  void dataSince(long micros) {
    dataSinceMicros = micros;
  }

  /** Per-thread state: the thread's generator (none for the query thread), its random source and its measurements. */
  static final class ThreadState {
    final KvpGenerator generator;
    final SplittableRandom rng;
    final ThreadMeasurements measured = new ThreadMeasurements();
    /** The thread's readings in flight; set by {@link #attach} before its first write. */
    InFlight inFlight;

    ThreadState(KvpGenerator generator, SplittableRandom rng) {
      this.generator = generator;
      this.rng = rng;
    }
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    List<Sensor> mine = SensorCatalog.forThread(threadId, threadCount);
    long threadSeed = threadSeed(threadId);
    return new ThreadState(new KvpGenerator(substation, mine, threadSeed, clockMicros, kvpSize),
        queryRandom(threadSeed));
  }

  /**
   * The state of the instance's query thread ({@link QueryThread}): a random source of its own, after the insert
   * threads' ({@code threadCount} of them), and no generator, since it inserts nothing.
   */
  ThreadState initQueryThread(int threadCount) {
    return new ThreadState(null, queryRandom(threadSeed(threadCount)));
  }

  /** Thread {@code threadId}'s seed: distinct per thread of the instance, see {@link #mix}. */
  private long threadSeed(int threadId) {
    return mix(seed + threadId * 0x9E3779B97F4A7C15L);
  }

  /** The random source of a thread's queries, apart from its generator's. */
  private static SplittableRandom queryRandom(long threadSeed) {
    return new SplittableRandom(threadSeed ^ 0x5DEECE66DL);
  }

  /** SplitMix64's finaliser: a bijection, so threads of one instance never share a seed. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Gives the thread its writer: the one its readings go to, whose flush sends what it holds. */
  void attach(ReadingWriter writer, Object threadState) {
    ThreadState s = (ThreadState) threadState;
    s.inFlight = new InFlight(s.measured, ingest, () -> {
      try {
        writer.flush();
      } catch (DBException | RuntimeException e) {
        // what it held will be reported failed by the binding, or counted failed at the end
      }
    });
  }

  /**
   * YCSB's insert: the thread's next reading as a key and fields, handed to {@code db} and waited for (YCSB's
   * client runs the kit's workload this way; the kit's own instances use {@link #write}).
   */
  @Override
  public boolean doInsert(DB db, Object threadState) {
    ThreadState s = (ThreadState) threadState;
    Reading r = s.generator.next();
    Map<String, ByteIterator> values = new HashMap<>(4);
    values.put(ReadingFormat.VALUE, new StringByteIterator(r.value()));
    values.put(ReadingFormat.UNIT, new StringByteIterator(r.unit()));
    values.put(ReadingFormat.PADDING, new ByteArrayByteIterator(r.padding()));
    long t0 = System.nanoTime();
    Status status = db.insert(table, r.key(), values);
    long micros = (System.nanoTime() - t0) / 1_000;
    s.measured.insertMicros.record(micros);
    if (status.isOk()) {
      ingest.record(micros); // YCSB's insert returns once the store acknowledged
      s.measured.acknowledge(1);
      return true;
    }
    s.measured.fail();
    return false;
  }

  /**
   * The thread's next reading, handed to its writer; its latencies (the insert call's, and ingest: until the store
   * acknowledged it) run from {@code intendedNanos} (a {@link System#nanoTime()} instant of a paced schedule), or
   * from its generation when it is {@link #UNSCHEDULED}. A paced reading is stamped with its intended time too, so a
   * reader's end-to-end latency counts the same lag behind schedule. Waits first while the thread has as many
   * readings in flight as it may, until an eighth of them settled: that wait is part of both.
   *
   * @return false if the writer refused the reading (it counts as failed)
   */
  boolean write(ReadingWriter writer, Object threadState, long intendedNanos) {
    ThreadState s = (ThreadState) threadState;
    boolean paced = intendedNanos != UNSCHEDULED;
    Reading r = s.generator.next(paced ? (System.nanoTime() - intendedNanos) / 1_000 : 0);
    long waitFrom = System.nanoTime();
    long t0 = paced ? intendedNanos : waitFrom;
    s.inFlight.awaitRoom(inFlightBound);
    s.inFlight.handOver(); // before the call: its report may come before the call returns
    boolean taken = true;
    s.inFlight.enterCall();
    try {
      writer.write(r, measured ? s.inFlight.timedFrom(t0) : s.inFlight);
    } catch (DBException | RuntimeException e) {
      s.inFlight.refused(); // a binding that throws loses the reading, counted, not hidden
      s.measured.fail();
      taken = false;
    }
    long returned = System.nanoTime();
    s.inFlight.leaveCall(returned);
    s.measured.storeWaitNanos += returned - waitFrom;
    if (measured) {
      s.measured.insertMicros.record((returned - t0) / 1_000);
    }
    return taken;
  }

  /**
   * Has the writer send the readings it holds now (a paced thread's lingering partial batch), on this thread; the
   * time it takes is the store's. Returns that time in nanoseconds.
   */
  long sendHeld(ReadingWriter writer, Object threadState) {
    ThreadState s = (ThreadState) threadState;
    long from = System.nanoTime();
    s.inFlight.enterCall();
    try {
      writer.flush();
    } catch (DBException | RuntimeException e) {
      // what it held is reported failed by the binding
    }
    long returned = System.nanoTime();
    s.inFlight.leaveCall(returned);
    long took = returned - from;
    s.measured.storeWaitNanos += took;
    return took;
  }

  /**
   * Ends the thread's writing: has the writer send what it holds and waits until every reading in flight was
   * reported. Returns whether none failed.
   */
  boolean finish(ReadingWriter writer, Object threadState) {
    ThreadState s = (ThreadState) threadState;
    sendHeld(writer, s);
    long waitFrom = System.nanoTime();
    s.inFlight.awaitAtMost(0);
    s.measured.storeWaitNanos += System.nanoTime() - waitFrom;
    return s.inFlight.failed() == 0;
  }

  /** One dashboard query: the template's aggregate over windows A and B of a random sensor. */
  @Override
  public boolean doTransaction(DB db, Object threadState) {
    return query(db, threadState, UNSCHEDULED, clockMicros.getAsLong());
  }

  /**
   * One dashboard query with windows A and B placed as at {@code nowMicros}; its latency runs from {@code
   * intendedNanos} (a paced read-only thread's scheduled instant), or from its start when {@link #UNSCHEDULED}.
   */
  boolean query(DB db, Object threadState, long intendedNanos, long nowMicros) {
    ThreadState s = (ThreadState) threadState;
    QueryPlan q = QueryPlan.plan(s.rng, SensorCatalog.sensors(), nowMicros, dataSinceMicros);
    s.measured.queries++;
    long t0 = intendedNanos == UNSCHEDULED ? System.nanoTime() : intendedNanos;
    try {
      WindowResult[] ab = q.ask((WindowQueries) db, substation);
      WindowResult a = ab[0];
      WindowResult b = ab[1];
      s.measured.recordQuery(q.template(), (System.nanoTime() - t0) / 1_000);
      s.measured.readingsAggregated += a.count() + b.count();
      s.measured.recordWindow(q.template(), a);
      s.measured.recordWindow(q.template(), b);
      s.measured.emptyWindows += (a.count() == 0 ? 1 : 0) + (b.count() == 0 ? 1 : 0);
      return true;
    } catch (Exception e) {
      // a count alone would leave the reason a query failed to guesswork: the first one goes to the instance log
      if (s.measured.failedQueries++ == 0) {
        LOG.warn("dashboard query on {} failed (this thread's later failures are counted, not logged): {}",
            q.sensor().key(), e.toString());
      }
      return false;
    }
  }
}

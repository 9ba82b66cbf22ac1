package io.iotkit.instance;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowResult;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What one insert thread measured. Its thread is the only writer, except of {@link #acknowledgedSoFar} and the
 * failed count when its binding acknowledges asynchronously ({@link InFlight}: the store client's threads add to
 * them; their ingest latencies go to the instance's {@link IngestLatencies}). The instance's {@link
 * IntervalSampler} reads the interval histograms and the two counts while the run goes on, everything else once
 * the thread ended.
 */
final class ThreadMeasurements {
  static final int SIGNIFICANT_DIGITS = 3;

  /** Insert call latency in µs, read by the sampler second by second (it keeps the whole run's total). */
  final SingleWriterHistogram insertMicros = new SingleWriterHistogram();
  /** Query latency in µs per template (index: ordinal), read by the sampler second by second. */
  final SingleWriterHistogram[] queryMicros = new SingleWriterHistogram[Aggregate.values().length];
  /** Readings acknowledged so far, read by the sampler while the run goes on. */
  final AtomicLong acknowledgedSoFar = new AtomicLong();
  /**
   * Readings whose insert failed so far, read by the sampler while the run goes on: refused on the insert thread, or
   * reported failed on a store client's thread.
   */
  private final AtomicLong failedSoFar = new AtomicLong();
  long queries;
  long failedQueries;
  long readingsAggregated;
  long emptyWindows;
  /**
   * Per template (index: ordinal): readings its windows held, read by the sampler while the run goes on; records the
   * store read and windows whose read went unmeasured, read once the thread ended.
   */
  final AtomicLongArray aggregatedPerTemplate = new AtomicLongArray(Aggregate.values().length);
  final long[] readPerTemplate = new long[Aggregate.values().length];
  final long[] unmeasuredWindowsPerTemplate = new long[Aggregate.values().length];
  long endMicros;
  /** When the thread began its first write, epoch µs; 0 until it did. */
  long firstWriteMicros;
  /** Time in write calls and waiting at the in-flight bound, ns: the store's part of the thread's time. */
  long storeWaitNanos;
  /** Time waiting for paced readings' scheduled instants, ns. */
  long pacingWaitNanos;
  /** The most a paced reading was generated after its scheduled instant, ns. */
  long behindScheduleMaxNanos;

  ThreadMeasurements() {
    Arrays.setAll(queryMicros, t -> new SingleWriterHistogram());
  }

  /** Counts readings the insert thread itself saw acknowledged (synchronous acknowledgement). */
  void acknowledge(long readings) {
    // single writer: a release store suffices, no fence per batch
    acknowledgedSoFar.lazySet(acknowledgedSoFar.get() + readings);
  }

  /** Counts readings acknowledged on any thread (asynchronous acknowledgement: several writers). */
  void acknowledgeConcurrently(long readings) {
    acknowledgedSoFar.addAndGet(readings);
  }

  long acknowledged() {
    return acknowledgedSoFar.get();
  }

  /** Counts one reading whose insert failed, on any thread (failures are rare: an atomic add costs nothing). */
  void fail() {
    failedSoFar.incrementAndGet();
  }

  long failedInserts() {
    return failedSoFar.get();
  }

  /** Counts what one window of a query aggregated and what the store read to answer it. */
  void recordWindow(Aggregate template, WindowResult w) {
    int t = template.ordinal();
    // one writer (the query thread): a release store, no locked add
    aggregatedPerTemplate.lazySet(t, aggregatedPerTemplate.get(t) + w.count());
    if (w.readMeasured()) {
      readPerTemplate[t] += w.read();
    } else {
      unmeasuredWindowsPerTemplate[t]++;
    }
  }

  void recordQuery(Aggregate template, long micros) {
    queryMicros[template.ordinal()].record(micros);
  }
}

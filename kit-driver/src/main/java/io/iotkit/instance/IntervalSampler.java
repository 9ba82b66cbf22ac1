package io.iotkit.instance;

import io.iotkit.control.SecondFrame;
import io.iotkit.model.WorkloadSpec;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * Looks at an instance's threads once a second from the start instant and hands each second's measurements on
 * as one {@link SecondFrame}: kvps acknowledged, ingest, insert call and query latency in that second. It keeps
 * the whole run's ingest and insert call histograms, for the instance's result.
 *
 * <p>Frame i covers [start + i s, start + (i+1) s); the last, taken when the threads have ended, may be shorter.
 * Because the last frame comes after every thread's last acknowledgement, the frames' counts add up to the
 * instance's acknowledged total exactly.
 */
final class IntervalSampler {
  private static final long INTERVAL_MICROS = WorkloadSpec.SAMPLE_INTERVAL_MICROS;

  private final List<ThreadMeasurements> threads;
  private final IngestLatencies ingestLatencies;
  private final long startMicros;
  private final LongSupplier clockMicros;
  private final Consumer<SecondFrame> frames;
  private final Histogram ingest = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
  private final Histogram inserts = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
  private int second;
  private long lastAcknowledged;

  IntervalSampler(List<ThreadMeasurements> threads, IngestLatencies ingestLatencies, long startMicros,
                  LongSupplier clockMicros, Consumer<SecondFrame> frames) {
    this.threads = threads;
    this.ingestLatencies = ingestLatencies;
    this.startMicros = startMicros;
    this.clockMicros = clockMicros;
    this.frames = frames;
  }

  /** Samples at every whole second after the start until its thread is interrupted; run on its own thread. */
  void sampleEverySecond() {
    try {
      for (long next = startMicros + INTERVAL_MICROS; ; next += INTERVAL_MICROS) {
        long wait;
        while ((wait = next - clockMicros.getAsLong()) > 0) {
          Thread.sleep(wait / 1_000, (int) (wait % 1_000) * 1_000);
        }
        sample(next);
      }
    } catch (InterruptedException e) {
      // the run ended; the final sample is the caller's
    }
  }

  /** Takes one sample ending now; called a last time once every thread, the query thread too, has ended. */
  synchronized void sample(long endMicros) {
    long acknowledged = 0;
    Histogram ingestSecond = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
    Histogram insertSecond = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
    Histogram querySecond = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
    for (ThreadMeasurements t : threads) {
      acknowledged += t.acknowledgedSoFar.get();
    }
    // after the counts: a reading's latency is recorded before it is counted, so every reading counted so far
    // has its latency in this second or an earlier one
    ingestLatencies.addIntervalTo(ingestSecond);
    for (ThreadMeasurements t : threads) {
      t.insertMicros.addIntervalTo(insertSecond);
      t.queryInterval.addIntervalTo(querySecond);
    }
    ingest.add(ingestSecond);
    inserts.add(insertSecond);
    long from = startMicros + second * INTERVAL_MICROS;
    frames.accept(new SecondFrame(second++, Math.max(from, endMicros), acknowledged - lastAcknowledged,
        ingestSecond, insertSecond, querySecond));
    lastAcknowledged = acknowledged;
  }

  /** Ingest latency (generation to acknowledgement) in µs over the whole run. */
  synchronized Histogram ingest() {
    return ingest.copy();
  }

  /** Insert call latency in µs over the whole run. */
  synchronized Histogram inserts() {
    return inserts.copy();
  }
}

package io.iotkit.instance;

import io.iotkit.control.Progress;
import io.iotkit.model.WorkloadSpec;
import java.io.Closeable;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Looks at an instance's insert threads once a second from the start instant: kvps acknowledged, insert and
 * query latency in that second. It keeps the per-second counts and the whole run's insert histogram for the
 * instance's result, writes every second as an HdrHistogram interval log (tags "insert" and "query"), and hands
 * each sample to a listener (the progress line to the master).
 *
 * <p>Interval i covers [start + i s, start + (i+1) s); the last, taken when the threads have ended, may be shorter.
 * Because the last sample comes after every thread's last acknowledgement, the per-second counts add up to the
 * instance's acknowledged total exactly.
 */
final class IntervalSampler implements Closeable {
  private static final long INTERVAL_MICROS = WorkloadSpec.SAMPLE_INTERVAL_MICROS;

  private final List<ThreadMeasurements> threads;
  private final long startMicros;
  private final LongSupplier clockMicros;
  private final Consumer<Progress> listener;
  private final PrintStream logStream;
  private final HistogramLogWriter log;
  private final Histogram inserts = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
  private final LongList perSecond = new LongList();
  private long lastAcknowledged;

  /** @param intervalLog where the interval log goes, or null for none; closed with the sampler */
  IntervalSampler(List<ThreadMeasurements> threads, long startMicros, LongSupplier clockMicros,
                  OutputStream intervalLog, Consumer<Progress> listener) {
    this.threads = threads;
    this.startMicros = startMicros;
    this.clockMicros = clockMicros;
    this.listener = listener;
    OutputStream os = intervalLog == null ? OutputStream.nullOutputStream() : intervalLog;
    this.logStream = new PrintStream(os, false, StandardCharsets.UTF_8);
    this.log = new HistogramLogWriter(logStream);
    log.outputComment("one driver instance, per second from TS_start: latency in microseconds");
    log.outputLogFormatVersion();
    log.outputStartTime(startMicros / 1_000);
    log.setBaseTime(startMicros / 1_000);
    log.outputLegend();
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

  /** Takes one sample ending now; called a last time once every insert thread has ended. */
  synchronized void sample(long endMicros) {
    long acknowledged = 0;
    Histogram insertSecond = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
    Histogram querySecond = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
    for (ThreadMeasurements t : threads) {
      acknowledged += t.acknowledgedSoFar.get();
      insertSecond.add(t.insertMicros.getIntervalHistogram());
      querySecond.add(t.queryInterval.getIntervalHistogram());
    }
    long intervalStart = startMicros + perSecond.size() * INTERVAL_MICROS;
    perSecond.add(acknowledged - lastAcknowledged);
    lastAcknowledged = acknowledged;
    inserts.add(insertSecond);
    interval(insertSecond, "insert", intervalStart, endMicros);
    interval(querySecond, "query", intervalStart, endMicros);
    listener.accept(new Progress(acknowledged, querySecond));
  }

  private void interval(Histogram h, String tag, long fromMicros, long toMicros) {
    h.setTag(tag);
    h.setStartTimeStamp(fromMicros / 1_000);
    h.setEndTimeStamp(Math.max(fromMicros, toMicros) / 1_000);
    log.outputIntervalHistogram(h);
  }

  /** kvps acknowledged in each second from the start. */
  synchronized long[] acknowledgedPerSecond() {
    return perSecond.toArray();
  }

  /** Insert call latency in µs over the whole run. */
  synchronized Histogram inserts() {
    return inserts.copy();
  }

  @Override
  public synchronized void close() {
    logStream.close();
  }

  /** A growable array of longs: a run of hours has thousands of seconds. */
  private static final class LongList {
    private long[] values = new long[64];
    private int size;

    void add(long v) {
      if (size == values.length) {
        values = java.util.Arrays.copyOf(values, size * 2);
      }
      values[size++] = v;
    }

    int size() {
      return size;
    }

    long[] toArray() {
      return java.util.Arrays.copyOf(values, size);
    }
  }
}

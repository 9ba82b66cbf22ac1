package io.iotkit.instance;

import io.iotkit.binding.Aggregate;
import io.iotkit.control.SecondFrame;
import io.iotkit.control.SecondFrame.TemplateSecond;
import io.iotkit.model.ResourceSecond;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.resources.SecondSampler;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * Looks at an instance's threads once a second from the start instant and hands each second's measurements on
 * as one {@link SecondFrame}: kvps acknowledged and failed, ingest and insert call latency, each template's query
 * latency and readings aggregated, and what the instance's host and JVM used in that second. The frames are the
 * instance's only record of its seconds: the master adds them up into its whole-run figures.
 *
 * <p>Frame i covers [start + i s, start + (i+1) s); the last, taken when the threads have ended, may be shorter.
 * Because the last frame comes after every thread's last acknowledgement and last query, the frames' counts add up
 * to the instance's totals exactly.
 */
final class IntervalSampler {
  private static final long INTERVAL_MICROS = WorkloadSpec.SAMPLE_INTERVAL_MICROS;
  private static final Aggregate[] TEMPLATES = Aggregate.values();

  private final List<ThreadMeasurements> threads;
  private final IngestLatencies ingestLatencies;
  private final long startMicros;
  private final LongSupplier clockMicros;
  private final Consumer<SecondFrame> frames;
  private final SecondSampler resources;
  private int second;
  private long lastAcknowledged;
  private long lastFailed;
  private long[] lastAggregated = new long[TEMPLATES.length];

  /** @param resources samples the host and the JVM at each frame, or null where nothing is sampled */
  IntervalSampler(List<ThreadMeasurements> threads, IngestLatencies ingestLatencies, long startMicros,
                  LongSupplier clockMicros, Consumer<SecondFrame> frames, SecondSampler resources) {
    this.resources = resources;
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
    long failed = 0;
    Histogram ingestSecond = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
    Histogram insertSecond = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
    long[] aggregated = new long[TEMPLATES.length];
    for (ThreadMeasurements t : threads) {
      acknowledged += t.acknowledgedSoFar.get();
      failed += t.failedInserts();
      for (Aggregate a : TEMPLATES) {
        aggregated[a.ordinal()] += t.aggregatedPerTemplate.get(a.ordinal());
      }
    }
    // after the counts: a reading's latency is recorded before it is counted, so every reading counted so far
    // has its latency in this second or an earlier one
    ingestLatencies.addIntervalTo(ingestSecond);
    Map<Aggregate, TemplateSecond> queries = new EnumMap<>(Aggregate.class);
    for (Aggregate a : TEMPLATES) {
      Histogram latency = new Histogram(ThreadMeasurements.SIGNIFICANT_DIGITS);
      for (ThreadMeasurements t : threads) {
        t.queryMicros[a.ordinal()].addIntervalTo(latency);
      }
      queries.put(a, new TemplateSecond(latency, aggregated[a.ordinal()] - lastAggregated[a.ordinal()]));
    }
    threads.forEach(t -> t.insertMicros.addIntervalTo(insertSecond));
    ResourceSecond used = resources == null ? ResourceSecond.LOST : resources.next();
    long from = startMicros + second * INTERVAL_MICROS;
    frames.accept(new SecondFrame(second++, Math.max(from, endMicros), acknowledged - lastAcknowledged,
        failed - lastFailed, ingestSecond, insertSecond, queries, used));
    lastAcknowledged = acknowledged;
    lastFailed = failed;
    lastAggregated = aggregated;
  }
}

package io.iotkit.instance;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;

/**
 * An instance's ingest latencies (generation to the store's acknowledgement), recorded on whatever threads the
 * acknowledgements arrive on: an insert thread whose binding acknowledges at once, or a store client's I/O
 * threads, each of which acknowledges readings of every insert thread. Each such thread records into a
 * {@link SingleWriterHistogram} of its own, so no two threads write one histogram and no record takes an atomic
 * instruction; the instance's {@link IntervalSampler} reads them all.
 */
final class IngestLatencies {
  private final List<SingleWriterHistogram> all = new CopyOnWriteArrayList<>();
  private final ThreadLocal<SingleWriterHistogram> mine = ThreadLocal.withInitial(() -> {
    SingleWriterHistogram h = new SingleWriterHistogram();
    all.add(h);
    return h;
  });

  /** Records one reading's ingest latency in µs, on the thread that saw its acknowledgement. */
  void record(long micros) {
    mine.get().record(micros);
  }

  /** Adds to {@code into} what every thread recorded since the last call; on the sampler's thread only. */
  void addIntervalTo(Histogram into) {
    for (SingleWriterHistogram h : all) {
      h.addIntervalTo(into);
    }
  }
}

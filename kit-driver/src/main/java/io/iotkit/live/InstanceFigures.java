package io.iotkit.live;

import io.iotkit.control.SecondFrame;
import io.prometheus.metrics.model.snapshots.Labels;
import org.HdrHistogram.Histogram;

/**
 * One instance's figures in one workload execution, added up from its second frames as they arrive; a scrape reads
 * them as buckets, made under the lock the frames' reader takes.
 */
final class InstanceFigures {
  private final Labels labels;
  private final long target;
  private long acknowledged;
  private long failed;
  private double cpuSeconds;
  private long rssBytes;
  private final Histogram ingest = new Histogram(3);
  private final Histogram inserts = new Histogram(3);
  private final Histogram queries = new Histogram(3);

  InstanceFigures(Labels labels, long target) {
    this.labels = labels;
    this.target = target;
  }

  synchronized void add(SecondFrame f) {
    acknowledged += f.acknowledged();
    failed += f.failed();
    cpuSeconds += f.resources().processCpuSeconds();
    if (f.resources().processRssBytes() > 0) { // a lost second's element reads 0
      rssBytes = f.resources().processRssBytes();
    }
    ingest.add(f.ingest());
    inserts.add(f.inserts());
    queries.add(f.queries());
  }

  synchronized Copy copy() {
    return new Copy(labels, target, acknowledged, failed, cpuSeconds, rssBytes, LatencyBuckets.of(ingest),
        LatencyBuckets.of(inserts), LatencyBuckets.of(queries));
  }

  /** The figures at one instant. */
  record Copy(Labels labels, long target, long acknowledged, long failed, double cpuSeconds, long rssBytes,
              LatencyBuckets ingest, LatencyBuckets inserts, LatencyBuckets queries) {
  }
}

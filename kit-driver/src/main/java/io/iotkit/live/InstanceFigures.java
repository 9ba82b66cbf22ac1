package io.iotkit.live;

import io.iotkit.binding.Aggregate;
import io.iotkit.control.FrameSums;
import io.iotkit.control.SecondFrame;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One instance's figures in one workload execution, added up from its second frames as they arrive; a scrape reads
 * them as buckets, made under the lock the frames' reader takes. Buckets made once are kept until the next frame:
 * a long run's ended executions, and every instance between its frames, cost a scrape nothing to read again.
 */
final class InstanceFigures {
  private final Labels labels;
  private final long target;
  private long acknowledged;
  private long failed;
  private double cpuSeconds;
  private long rssBytes;
  private final FrameSums sums = new FrameSums();
  /** The figures as of the last frame, once a scrape made them; null until then. */
  private Copy made;

  InstanceFigures(Labels labels, long target) {
    this.labels = labels;
    this.target = target;
  }

  synchronized void add(SecondFrame f) {
    made = null;
    acknowledged += f.acknowledged();
    failed += f.failed();
    cpuSeconds += f.resources().processCpuSeconds();
    if (f.resources().processRssBytes() > 0) { // a lost second's element reads 0
      rssBytes = f.resources().processRssBytes();
    }
    sums.add(f);
  }

  synchronized Copy copy() {
    if (made != null) {
      return made;
    }
    Map<Aggregate, Template> templates = new EnumMap<>(Aggregate.class);
    for (Aggregate a : Aggregate.values()) {
      templates.put(a, new Template(LatencyBuckets.of(sums.queries(a)), sums.aggregated(a)));
    }
    made = new Copy(labels, target, acknowledged, failed, cpuSeconds, rssBytes, LatencyBuckets.of(sums.ingest()),
        LatencyBuckets.of(sums.inserts()), Collections.unmodifiableMap(templates));
    return made;
  }

  /** The figures at one instant. */
  record Copy(Labels labels, long target, long acknowledged, long failed, double cpuSeconds, long rssBytes,
              LatencyBuckets ingest, LatencyBuckets inserts, Map<Aggregate, Template> queries) {
  }

  /** One template's queries so far: their latency and the readings their windows aggregated. */
  record Template(LatencyBuckets latency, long aggregated) {
  }
}

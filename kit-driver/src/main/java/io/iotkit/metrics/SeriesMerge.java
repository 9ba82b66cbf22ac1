package io.iotkit.metrics;

import io.iotkit.model.InstanceResult;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.WorkloadSpec;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Merges the instances' per-second measurements of one workload execution into its {@link PhaseSeries}:
 * kvps from each instance's result, query latency from each instance's HdrHistogram interval log. All instances
 * count seconds from the same start instant, so second i of one is second i of every other.
 */
public final class SeriesMerge {
  private static final String QUERY_TAG = "query";

  private SeriesMerge() {
  }

  public static PhaseSeries of(List<InstanceResult> instances, List<Path> intervalLogs) throws IOException {
    int length = 0;
    for (InstanceResult i : instances) {
      length = Math.max(length, i.acknowledgedPerSecond().length);
    }
    long[] kvps = new long[length];
    for (InstanceResult i : instances) {
      long[] mine = i.acknowledgedPerSecond();
      for (int s = 0; s < mine.length; s++) {
        kvps[s] += mine[s];
      }
    }
    long[] queries = new long[length];
    double[] p50 = new double[length];
    double[] p99 = new double[length];
    double[] max = new double[length];
    // The logs are read side by side, one second at a time, so memory stays one histogram however long the run.
    List<HistogramLogReader> readers = new ArrayList<>();
    try {
      for (Path log : intervalLogs) {
        if (Files.isRegularFile(log)) {
          readers.add(new HistogramLogReader(log.toFile()));
        }
      }
      Histogram second = new Histogram(3);
      for (int s = 0; s < length; s++) {
        second.reset();
        for (HistogramLogReader r : readers) {
          Histogram h = nextQueryInterval(r);
          if (h != null) {
            second.add(h);
          }
        }
        queries[s] = second.getTotalCount();
        if (queries[s] > 0) {
          p50[s] = second.getValueAtPercentile(50) / 1e3;
          p99[s] = second.getValueAtPercentile(99) / 1e3;
          max[s] = second.getMaxValue() / 1e3;
        }
      }
    } catch (FileNotFoundException e) {
      throw new IOException("interval log vanished: " + e.getMessage(), e);
    } finally {
      readers.forEach(HistogramLogReader::close);
    }
    return new PhaseSeries((int) (WorkloadSpec.SAMPLE_INTERVAL_MICROS / 1_000), kvps, queries,
        p50, p99, max);
  }

  /** The reader's next "query" interval, skipping the "insert" ones; null at the end of the log. */
  private static Histogram nextQueryInterval(HistogramLogReader r) {
    EncodableHistogram h;
    while ((h = r.nextIntervalHistogram()) != null) {
      if (QUERY_TAG.equals(h.getTag())) {
        return (Histogram) h;
      }
    }
    return null;
  }
}

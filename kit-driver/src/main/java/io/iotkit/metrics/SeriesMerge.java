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

  /** The series second by second. */
  public static PhaseSeries of(List<InstanceResult> instances, List<Path> intervalLogs) throws IOException {
    return of(instances, intervalLogs, 1);
  }

  /**
   * Seconds per interval of a series of {@code seconds} that must fit in {@code maxPoints} intervals: 1 while it
   * fits, else the fewest whole seconds that make it fit.
   */
  public static int secondsPerPoint(int seconds, int maxPoints) {
    return Math.max(1, (seconds + maxPoints - 1) / maxPoints);
  }

  /** The series with {@code seconds} seconds per interval; latency percentiles are exact for each interval. */
  public static PhaseSeries of(List<InstanceResult> instances, List<Path> intervalLogs, int seconds)
      throws IOException {
    int lengthSeconds = 0;
    for (InstanceResult i : instances) {
      lengthSeconds = Math.max(lengthSeconds, i.acknowledgedPerSecond().length);
    }
    int length = (lengthSeconds + seconds - 1) / seconds;
    long[] kvps = new long[length];
    for (InstanceResult i : instances) {
      long[] mine = i.acknowledgedPerSecond();
      for (int s = 0; s < mine.length; s++) {
        kvps[s / seconds] += mine[s];
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
      Histogram interval = new Histogram(3);
      for (int s = 0; s < length; s++) {
        interval.reset();
        for (int k = 0; k < seconds; k++) {
          for (HistogramLogReader r : readers) {
            Histogram h = nextQueryInterval(r);
            if (h != null) {
              interval.add(h);
            }
          }
        }
        queries[s] = interval.getTotalCount();
        if (queries[s] > 0) {
          p50[s] = interval.getValueAtPercentile(50) / 1e3;
          p99[s] = interval.getValueAtPercentile(99) / 1e3;
          max[s] = interval.getMaxValue() / 1e3;
        }
      }
    } catch (FileNotFoundException e) {
      throw new IOException("interval log vanished: " + e.getMessage(), e);
    } finally {
      readers.forEach(HistogramLogReader::close);
    }
    return new PhaseSeries((int) (WorkloadSpec.SAMPLE_INTERVAL_MICROS / 1_000) * seconds, kvps, queries,
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

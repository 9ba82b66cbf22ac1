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
 * kvps from each instance's result, ingest and query latency from each instance's HdrHistogram interval log. All
 * instances count seconds from the same start instant, so second i of one is second i of every other.
 */
public final class SeriesMerge {
  private static final String QUERY_TAG = "query";
  private static final String INGEST_TAG = "ingest";

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
    double[] ingestP50 = new double[length];
    double[] ingestP99 = new double[length];
    // The logs are read side by side, one second at a time, so memory stays two histograms however long the run.
    List<HistogramLogReader> readers = new ArrayList<>();
    try {
      for (Path log : intervalLogs) {
        if (Files.isRegularFile(log)) {
          readers.add(new HistogramLogReader(log.toFile()));
        }
      }
      Histogram query = new Histogram(3);
      Histogram ingest = new Histogram(3);
      for (int s = 0; s < length; s++) {
        query.reset();
        ingest.reset();
        for (int k = 0; k < seconds; k++) {
          for (HistogramLogReader r : readers) {
            nextSecond(r, ingest, query);
          }
        }
        queries[s] = query.getTotalCount();
        if (queries[s] > 0) {
          p50[s] = query.getValueAtPercentile(50) / 1e3;
          p99[s] = query.getValueAtPercentile(99) / 1e3;
          max[s] = query.getMaxValue() / 1e3;
        }
        if (ingest.getTotalCount() > 0) {
          ingestP50[s] = ingest.getValueAtPercentile(50) / 1e3;
          ingestP99[s] = ingest.getValueAtPercentile(99) / 1e3;
        }
      }
    } catch (FileNotFoundException e) {
      throw new IOException("interval log vanished: " + e.getMessage(), e);
    } finally {
      readers.forEach(HistogramLogReader::close);
    }
    return new PhaseSeries((int) (WorkloadSpec.SAMPLE_INTERVAL_MICROS / 1_000) * seconds, kvps, queries,
        p50, p99, max, ingestP50, ingestP99);
  }

  /**
   * Adds the reader's next second to {@code ingest} and {@code query}: its intervals up to and including the
   * "query" one, which ends each second of an instance's log ("insert" intervals are left out).
   */
  private static void nextSecond(HistogramLogReader r, Histogram ingest, Histogram query) {
    EncodableHistogram h;
    while ((h = r.nextIntervalHistogram()) != null) {
      if (INGEST_TAG.equals(h.getTag())) {
        ingest.add((Histogram) h);
      } else if (QUERY_TAG.equals(h.getTag())) {
        query.add((Histogram) h);
        return;
      }
    }
  }
}

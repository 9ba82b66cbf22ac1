package io.iotkit.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.model.InstanceResult;
import io.iotkit.model.PhaseSeries;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeriesMergeTest {
  private static final long T0 = 1_767_225_600_000L; // ms

  @TempDir
  Path dir;

  private static InstanceResult instance(int i, long... perSecond) {
    long total = java.util.Arrays.stream(perSecond).sum();
    return new InstanceResult(i, "s" + i, total, total, 0, T0 * 1000, T0 * 1000 + perSecond.length * 1_000_000L,
        0, 0, 0, 0, Map.of(), null, null, Map.of(), perSecond, null);
  }

  // An instance's interval log: per second an ingest histogram (every reading 10 ms in second s, 20 ms after), an
  // insert histogram (ignored here) and a query histogram.
  private Path log(String name, long[]... queryMicrosPerSecond) throws Exception {
    Path file = dir.resolve(name);
    try (PrintStream out = new PrintStream(file.toFile(), "UTF-8")) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputStartTime(T0);
      w.setBaseTime(T0);
      w.outputLegend();
      for (int s = 0; s < queryMicrosPerSecond.length; s++) {
        Histogram ingest = new Histogram(3);
        ingest.recordValueWithCount(s == 0 ? 10_000 : 20_000, 50);
        ingest.setTag("ingest");
        ingest.setStartTimeStamp(T0 + s * 1000L);
        ingest.setEndTimeStamp(T0 + (s + 1) * 1000L);
        w.outputIntervalHistogram(ingest);
        Histogram inserts = new Histogram(3);
        inserts.recordValue(999_999); // a huge insert latency must never leak into query figures
        inserts.setTag("insert");
        inserts.setStartTimeStamp(T0 + s * 1000L);
        inserts.setEndTimeStamp(T0 + (s + 1) * 1000L);
        w.outputIntervalHistogram(inserts);
        Histogram q = new Histogram(3);
        for (long v : queryMicrosPerSecond[s]) {
          q.recordValue(v);
        }
        q.setTag("query");
        q.setStartTimeStamp(T0 + s * 1000L);
        q.setEndTimeStamp(T0 + (s + 1) * 1000L);
        w.outputIntervalHistogram(q);
      }
    }
    return file;
  }

  @Test
  void secondsOfEveryInstanceAddUp() throws Exception {
    // instance 0 ran 3 s, instance 1 only 2 s
    Path a = log("a.hlog", new long[] {1_000, 2_000}, new long[] {}, new long[] {5_000});
    Path b = log("b.hlog", new long[] {3_000}, new long[] {7_000});
    PhaseSeries s = SeriesMerge.of(List.of(instance(0, 100, 120, 30), instance(1, 90, 10)), List.of(a, b));

    assertEquals(1000, s.intervalMillis());
    assertArrayEquals(new long[] {190, 130, 30}, s.kvps());
    assertArrayEquals(new long[] {3, 1, 1}, s.queries());
    assertEquals(2.0, s.queryP50Ms()[0], 0.01); // median of {1, 2, 3} ms
    assertEquals(3.0, s.queryP99Ms()[0], 0.01);
    assertEquals(3.0, s.queryMaxMs()[0], 0.01);
    assertEquals(7.0, s.queryMaxMs()[1], 0.01);
    assertEquals(5.0, s.queryP99Ms()[2], 0.01);
    assertEquals(10.0, s.ingestP50Ms()[0], 0.01);
    assertEquals(20.0, s.ingestP99Ms()[1], 0.02);
    assertEquals(20.0, s.ingestP50Ms()[2], 0.02);
  }

  @Test
  void noQueriesGivesZeroesNotGarbage() throws Exception {
    Path a = log("a.hlog", new long[] {}, new long[] {});
    PhaseSeries s = SeriesMerge.of(List.of(instance(0, 5, 6)), List.of(a));
    assertArrayEquals(new long[] {0, 0}, s.queries());
    assertArrayEquals(new double[] {0, 0}, s.queryP99Ms());
  }

  @Test
  void coarserIntervalsAddSecondsAndMergeTheirHistograms() throws Exception {
    // 3 s in intervals of 2 s: [s0 + s1], [s2]; percentiles from the merged histograms, not from per-second ones
    Path a = log("a.hlog", new long[] {1_000, 2_000}, new long[] {9_000}, new long[] {5_000});
    Path b = log("b.hlog", new long[] {3_000}, new long[] {7_000});
    PhaseSeries s = SeriesMerge.of(List.of(instance(0, 100, 120, 30), instance(1, 90, 10)), List.of(a, b), 2);

    assertEquals(2000, s.intervalMillis());
    assertArrayEquals(new long[] {320, 30}, s.kvps());
    assertArrayEquals(new double[] {160, 15}, s.kvpsPerSecond(), 1e-9);
    assertArrayEquals(new long[] {5, 1}, s.queries());
    assertEquals(3.0, s.queryP50Ms()[0], 0.01); // median of {1, 2, 3, 7, 9} ms
    assertEquals(9.0, s.queryMaxMs()[0], 0.01);
    assertEquals(5.0, s.queryMaxMs()[1], 0.01);
  }

  @Test
  void aSeriesLongerThanTheLimitGetsTheFewestSecondsPerIntervalThatFit() {
    assertEquals(1, SeriesMerge.secondsPerPoint(3_600, 3_600));
    assertEquals(2, SeriesMerge.secondsPerPoint(3_601, 3_600));
    assertEquals(2, SeriesMerge.secondsPerPoint(7_200, 3_600));
    assertEquals(3, SeriesMerge.secondsPerPoint(7_201, 3_600));
    assertEquals(1, SeriesMerge.secondsPerPoint(0, 3_600));
  }
}

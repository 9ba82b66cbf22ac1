package io.iotkit.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.iotkit.control.SecondFrame;
import io.iotkit.progress.PhaseProgress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstanceSecondsTest {
  private static final long START = 1_767_225_600_000_000L;
  private static final long OFFSET = 250_000; // the instance's clock runs 0.25 s ahead of the master's

  private static Histogram of(long... micros) {
    Histogram h = new Histogram(3);
    for (long m : micros) {
      h.recordValue(m);
    }
    return h;
  }

  private static SecondFrame frame(int second, long endInMasterClock, long acknowledged, Histogram queries) {
    return new SecondFrame(second, endInMasterClock + OFFSET, acknowledged, of(900), of(10, 20), queries);
  }

  @Test
  void framesBecomeTheSeriesTheProgressAndTheIntervalLog(@TempDir Path dir) throws Exception {
    PhaseProgress progress = new PhaseProgress("measured", new long[] {1_000});
    InstanceSeconds s = new InstanceSeconds(0, dir.resolve("i.hlog"), progress);
    s.begin(START, OFFSET);
    s.accept(frame(0, START + 1_000_000, 600, of(3_000)));
    s.accept(frame(1, START + 1_400_000, 400, of(5_000, 7_000)));
    s.close();

    assertArrayEquals(new long[] {600, 400}, s.series(1_000));
    assertEquals(1_000, progress.snapshot(START + 2_000_000).done());

    List<EncodableHistogram> intervals = new ArrayList<>();
    HistogramLogReader r = new HistogramLogReader(dir.resolve("i.hlog").toFile());
    for (EncodableHistogram h; (h = r.nextIntervalHistogram()) != null; ) {
      intervals.add(h);
    }
    assertEquals(6, intervals.size(), "an ingest, an insert and a query interval per second");
    assertEquals(List.of("ingest", "insert", "query", "ingest", "insert", "query"),
        intervals.stream().map(EncodableHistogram::getTag).toList());
    // in the master's clock: the last, short second ends 1.4 s after the start
    assertEquals((START + 1_000_000) / 1_000, intervals.get(5).getStartTimeStamp());
    assertEquals((START + 1_400_000) / 1_000, intervals.get(5).getEndTimeStamp());
    assertEquals(2, ((Histogram) intervals.get(5)).getTotalCount());
  }

  @Test
  void seriesThatDoNotAddUpToTheResultFail(@TempDir Path dir) throws Exception {
    InstanceSeconds s = new InstanceSeconds(3, dir.resolve("i.hlog"), new PhaseProgress("m", new long[4]));
    s.begin(START, OFFSET);
    s.accept(frame(0, START + 1_000_000, 600, of()));
    var e = assertThrows(IllegalStateException.class, () -> s.series(700));
    assertEquals("driver instance 3: its seconds add up to 600 acknowledged kvps, its result says 700",
        e.getMessage());
  }

  @Test
  void aFrameOutOfOrderOrBeforeTheStartFails(@TempDir Path dir) throws Exception {
    InstanceSeconds s = new InstanceSeconds(0, dir.resolve("i.hlog"), new PhaseProgress("m", new long[] {1}));
    assertThrows(IllegalStateException.class, () -> s.accept(frame(0, START, 1, of())));
    s.begin(START, OFFSET);
    s.accept(frame(0, START + 1_000_000, 1, of()));
    assertThrows(IllegalStateException.class, () -> s.accept(frame(2, START + 3_000_000, 1, of())));
  }
}

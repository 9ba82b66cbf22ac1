package io.iotkit.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.iotkit.binding.Aggregate;
import io.iotkit.control.SecondFrame;
import io.iotkit.control.TemplateSeconds;
import io.iotkit.live.LiveRun;
import io.iotkit.model.DriverTime;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceTotals;
import io.iotkit.model.QueryReads;
import io.iotkit.model.ResourceSecond;
import io.iotkit.model.ResourceUsage;
import io.iotkit.progress.PhaseProgress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    return new SecondFrame(second, endInMasterClock + OFFSET, acknowledged, 1, of(900), of(10, 20),
        TemplateSeconds.of(Aggregate.MAX, queries, 100 * queries.getTotalCount()), used(0.5 + second));
  }

  /** A second in which the host used {@code cpu} CPU seconds in user mode and the JVM a tenth of that. */
  private static ResourceSecond used(double cpu) {
    return new ResourceSecond(cpu, 0.1, 0, 1L << 30, 0, 4_096, 100, 200, cpu / 10, 256L << 20, 0, 1_024);
  }

  /** What the instance says at its end: these totals, {@code timedQueries} MAX queries of 100 readings each. */
  private static InstanceTotals totals(int instance, long acknowledged, long failed, long timedQueries) {
    return totals(instance, acknowledged, failed, timedQueries, 100 * timedQueries);
  }

  private static InstanceTotals totals(int instance, long acknowledged, long failed, long timedQueries,
                                       long aggregated) {
    return new InstanceTotals(instance, "r1-1-000", 1_000, acknowledged, failed, START, START + 1_400_000,
        2_000, timedQueries, 0, aggregated, 0, Map.of(Aggregate.MAX, new QueryReads(aggregated, aggregated, 0)), null,
        new InstanceTotals.Sampled("driver-1", 2, 8L << 30, 4242), Map.of(), TIME);
  }

  private static final DriverTime TIME = new DriverTime(2_800_000, 1_900_000, 0, 0, 12_000);

  @Test
  void framesBecomeTheResultTheProgressAndTheIntervalLog(@TempDir Path dir) throws Exception {
    PhaseProgress progress = new PhaseProgress("measured", new long[] {1_000});
    InstanceSeconds s = new InstanceSeconds(0, dir.resolve("i.hlog"), progress, LiveRun.Execution.NONE);
    s.begin(START, OFFSET);
    s.accept(frame(0, START + 1_000_000, 600, of(3_000)));
    s.accept(frame(1, START + 1_400_000, 400, of(5_000, 7_000)));
    s.close();

    InstanceResult result = s.result(totals(0, 1_000, 2, 3));
    assertArrayEquals(new long[] {600, 400}, result.acknowledgedPerSecond());
    assertEquals(4, result.insertHistogram().count(), "the whole run's insert calls are its seconds' sum");
    assertEquals(2, result.ingestHistogram().count());
    assertEquals(3, result.queryHistograms().get(Aggregate.MAX).count(), "each template's queries, from the seconds");
    assertEquals(0, result.queryHistograms().get(Aggregate.AVG).count());
    assertEquals(1_000, progress.snapshot(START + 2_000_000).done());
    assertEquals(TIME, result.driverTime(), "where the instance's time went, as its totals say");
    ResourceUsage.HostUsage host = result.resources().hosts().get(0);
    assertEquals("driver-1", host.host());
    assertEquals(List.of("driver"), host.roles());
    assertArrayEquals(new double[] {0.5, 1.5}, host.cpuUser());
    ResourceUsage.ProcessUsage jvm = result.resources().processes().get(0);
    assertEquals("instance 0", jvm.name());
    assertEquals(4242, jvm.pid());
    assertArrayEquals(new double[] {0.05, 0.15}, jvm.cpuSeconds(), 1e-12);
    assertArrayEquals(new long[] {1_024, 1_024}, jvm.diskWriteBytes());

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
  void secondsThatDoNotAddUpToTheTotalsFail(@TempDir Path dir) throws Exception {
    InstanceSeconds s = new InstanceSeconds(3, dir.resolve("i.hlog"), new PhaseProgress("m", new long[4]),
        LiveRun.Execution.NONE);
    s.begin(START, OFFSET);
    s.accept(frame(0, START + 1_000_000, 600, of(2_000)));
    var e = assertThrows(IllegalStateException.class, () -> s.result(totals(3, 700, 1, 1)));
    assertEquals("driver instance 3: its seconds add up to 600 acknowledged kvps, its result says 700",
        e.getMessage());
    e = assertThrows(IllegalStateException.class, () -> s.result(totals(3, 600, 0, 1)));
    assertEquals("driver instance 3: its seconds add up to 1 failed inserts, its result says 0", e.getMessage());
    e = assertThrows(IllegalStateException.class, () -> s.result(totals(3, 600, 1, 2)));
    assertEquals("driver instance 3: its seconds add up to 1 timed queries, its result says 2", e.getMessage());
    e = assertThrows(IllegalStateException.class, () -> s.result(totals(3, 600, 1, 1, 150)));
    assertEquals("driver instance 3: its seconds add up to 100 readings aggregated by MAX queries, its result says"
        + " 150", e.getMessage());
    assertEquals(600, s.result(totals(3, 600, 1, 1)).acknowledged());
  }

  @Test
  void aFrameOutOfOrderOrBeforeTheStartFails(@TempDir Path dir) throws Exception {
    InstanceSeconds s = new InstanceSeconds(0, dir.resolve("i.hlog"), new PhaseProgress("m", new long[] {1}),
        LiveRun.Execution.NONE);
    assertThrows(IllegalStateException.class, () -> s.accept(frame(0, START, 1, of())));
    s.begin(START, OFFSET);
    s.accept(frame(0, START + 1_000_000, 1, of()));
    assertThrows(IllegalStateException.class, () -> s.accept(frame(2, START + 3_000_000, 1, of())));
  }
}

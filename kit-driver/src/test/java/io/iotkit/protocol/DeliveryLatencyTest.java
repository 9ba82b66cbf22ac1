package io.iotkit.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.live.LiveRun;
import io.iotkit.hosts.ClockOffset;
import io.iotkit.model.EndToEnd;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class DeliveryLatencyTest {
  // substation a runs on the master's host; b on a host whose clock is 5 s ahead, known to within 3 ms
  private final DeliveryLatency latency = new DeliveryLatency(Map.of("a", ClockOffset.NONE,
      "b", new ClockOffset(5_000_000, 3_000)), "iteration 1 warmup", "iteration 1 measured", LiveRun.NONE);

  @Test
  void eachHostsClockOffsetIsTakenOffItsReadingsGeneration() {
    latency.delivered("a", 1_000_000, 1_020_000);
    // generated at master µs 1,000,000, stamped on b's clock 5 s ahead, received 30 ms later
    latency.delivered("b", 6_000_000, 1_030_000);
    Histogram h = latency.warmup().micros().micros();
    assertEquals(2, h.getTotalCount());
    assertEquals(20_000, h.getMinValue(), 20);
    assertEquals(30_000, h.getMaxValue(), 30);
  }

  @Test
  void readingsCountWhereTheyWereGeneratedNotWhereTheyArrived() {
    latency.measuredFrom(2_000_000);
    latency.delivered("a", 1_999_000, 2_100_000); // a warmup reading delivered during the measured run
    latency.delivered("a", 2_000_000, 2_050_000);
    latency.delivered("b", 7_500_000, 2_600_000); // master µs 2,500,000: measured
    EndToEnd warmup = latency.warmup();
    EndToEnd measured = latency.measured();
    assertEquals(1, warmup.micros().micros().getTotalCount());
    assertEquals(101_000, warmup.micros().micros().getMaxValue(), 101);
    assertEquals(2, measured.micros().micros().getTotalCount());
    assertEquals(100_000, measured.micros().micros().getMaxValue(), 100);
  }

  @Test
  void theClockErrorIsTheWorstOffsetsBoundAndLooksAgainMissNothing() {
    latency.delivered("a", 1_000_000, 1_001_000);
    assertEquals(3_000, latency.warmup().clockErrorMicros());
    latency.delivered("a", 1_000_000, 1_002_000);
    assertEquals(2, latency.warmup().micros().micros().getTotalCount(), "a second look holds the first's too");
  }

  @Test
  void aReadingReceivedBeforeItsGenerationCountsAsZero() {
    // clocks a little off within their bound: never a negative latency
    latency.delivered("b", 6_000_000, 998_000);
    assertEquals(0, latency.warmup().micros().micros().getMaxValue());
  }

  @Test
  void theMeasuredRunsReceiptsGiveTheRateTheReaderReceivedItAt() {
    latency.measuredFrom(2_000_000);
    latency.delivered("a", 1_500_000, 2_300_000); // a warmup reading: not the measured run's
    latency.delivered("a", 2_000_000, 2_100_000);
    latency.delivered("a", 2_400_000, 2_900_000);
    latency.delivered("a", 2_500_000, 2_600_000); // out of order: the last receipt is the latest, not the last call
    var c = latency.measuredReceived(2_000_000, 1024);
    assertEquals(3, c.readings());
    assertEquals(3 * 1024L, c.bytes());
    assertEquals(2_900_000, c.endMicros());
    assertEquals(3 / 0.9, c.readingsPerSecond(), 1e-9);
    assertEquals(null, latency.measuredReceived(2_000_000, null).bytes(), "readings of several sizes: no bytes");
  }
}

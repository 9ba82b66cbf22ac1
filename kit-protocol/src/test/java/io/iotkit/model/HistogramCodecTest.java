package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramCodecTest {

  @Test
  void roundTripKeepsCountAndPercentiles() {
    Histogram h = new Histogram(3);
    SplittableRandom rng = new SplittableRandom(1);
    for (int n = 0; n < 50_000; n++) {
      h.recordValue(rng.nextLong(1, 2_000_000));
    }
    h.recordValue(60_000_000);
    Histogram back = HistogramCodec.decode(HistogramCodec.encode(h));
    assertEquals(h.getTotalCount(), back.getTotalCount());
    assertEquals(h.getMinValue(), back.getMinValue());
    assertEquals(h.getMaxValue(), back.getMaxValue());
    assertEquals(h.getMean(), back.getMean(), 1e-9);
    for (double p : new double[] {50, 95, 99, 99.9}) {
      assertEquals(h.getValueAtPercentile(p), back.getValueAtPercentile(p), "p" + p);
    }
    assertEquals(h, back);
  }

  @Test
  void emptyHistogramRoundTrips() {
    Histogram back = HistogramCodec.decode(HistogramCodec.encode(new Histogram(3)));
    assertEquals(0, back.getTotalCount());
  }

  @Test
  void garbageIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decode("bm90IGEgaGlzdG9ncmFt"));
  }
}

package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SingleWriterHistogramTest {
  private static final int DIGITS = ThreadMeasurements.SIGNIFICANT_DIGITS;

  @Test
  void itsBucketsAreHdrHistogramsAtThreeDigits() {
    Histogram hdr = new Histogram(DIGITS);
    SplittableRandom rng = new SplittableRandom(7);
    for (int n = 0; n < 200_000; n++) {
      long v = rng.nextLong(1L << rng.nextInt(1, 62));
      int b = SingleWriterHistogram.bucket(v);
      long lowest = SingleWriterHistogram.lowest(b, SingleWriterHistogram.slot(v, b));
      assertEquals(hdr.lowestEquivalentValue(v), lowest, "value " + v);
    }
    for (long v : new long[] {0, 1, 2047, 2048, 2049, 4095, 4096, Long.MAX_VALUE / 4}) {
      int b = SingleWriterHistogram.bucket(v);
      assertEquals(hdr.lowestEquivalentValue(v), SingleWriterHistogram.lowest(b, SingleWriterHistogram.slot(v, b)));
    }
  }

  @Test
  void intervalsAddUpToWhatWasRecordedAndEachHoldsOnlyItsOwn() {
    SingleWriterHistogram h = new SingleWriterHistogram();
    Histogram expected = new Histogram(DIGITS);
    for (long v : new long[] {0, 5, 5, 1_999, 250_000, 7_000_000_000L}) {
      h.record(v);
      expected.recordValue(v);
    }
    h.record(-3); // counts as 0
    expected.recordValue(0);
    Histogram first = new Histogram(DIGITS);
    h.addIntervalTo(first);
    assertEquals(expected, first);

    Histogram empty = new Histogram(DIGITS);
    h.addIntervalTo(empty);
    assertEquals(0, empty.getTotalCount(), "nothing recorded since the last look");

    h.record(5);
    Histogram second = new Histogram(DIGITS);
    h.addIntervalTo(second);
    assertEquals(1, second.getTotalCount());
    assertEquals(1, second.getCountAtValue(5));
  }

  @Test
  void aReaderLookingWhileTheWriterWritesLosesNothing() throws InterruptedException {
    SingleWriterHistogram h = new SingleWriterHistogram();
    long[] values = new SplittableRandom(11).longs(2_000_000, 0, 5_000_000).toArray();
    Histogram expected = new Histogram(DIGITS);
    for (long v : values) {
      expected.recordValue(v);
    }
    AtomicBoolean done = new AtomicBoolean();
    Thread writer = new Thread(() -> {
      for (long v : values) {
        h.record(v);
      }
      done.set(true);
    });
    Histogram looked = new Histogram(DIGITS);
    int looks = 0;
    writer.start();
    while (!done.get()) {
      Histogram interval = new Histogram(DIGITS);
      h.addIntervalTo(interval);
      looked.add(interval);
      looks++;
    }
    writer.join();
    h.addIntervalTo(looked); // the last look, after the writer ended
    assertTrue(looks > 1, "the reader looked while the writer wrote");
    assertEquals(expected, looked);
  }
}

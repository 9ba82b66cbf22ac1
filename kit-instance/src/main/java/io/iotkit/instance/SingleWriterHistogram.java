package io.iotkit.instance;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.Histogram;

/**
 * A latency histogram that one thread writes and one other thread reads interval by interval, at 3 significant
 * digits, the buckets of HdrHistogram's {@code Histogram(3)}.
 *
 * <p>Why not HdrHistogram's recorders: each of their records takes two atomic read-modify-writes to enter and leave
 * the recorder's phase, and a {@code Recorder}'s concurrent histogram three or four more. On a store client's I/O
 * thread, which acknowledges every reading of every insert thread, those locked instructions cost several times
 * the rest of the measurement. Here a record is plain arithmetic and one opaque store (a plain store on x86 and
 * ARM): the counts only grow and have one writer, so the reader needs no phase flip. It keeps the counts it saw at
 * its last look and adds the difference: each record lands in exactly one interval, the one in whose look it was
 * first seen, and the intervals add up to everything recorded once the writer has stopped.
 *
 * <p>A bucket's counts are made when its first value arrives and published with a release store, so the histogram
 * holds only the ranges its latencies reach, and no value is out of range.
 */
final class SingleWriterHistogram {
  /** 2,048 sub-buckets per bucket: every value below 2,048 exact, every other within 1 part in 1,024. */
  private static final int SUB_BUCKET_BITS = 11;
  private static final int HALF = 1 << (SUB_BUCKET_BITS - 1);
  /** Bucket 0 holds 0..2,047 at unit width; bucket b > 0 holds [1,024 · 2^b, 2,048 · 2^b) at width 2^b. */
  private static final int BUCKETS = 64 - SUB_BUCKET_BITS;
  private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle BUCKET = MethodHandles.arrayElementVarHandle(long[][].class);

  private final long[][] counts = new long[BUCKETS][];
  /** The reader's: the counts as its last look saw them. */
  private final long[][] seen = new long[BUCKETS][];

  /** Records one value (negative counts as 0); on the writing thread only. */
  void record(long value) {
    long v = Math.max(0, value);
    int b = bucket(v);
    long[] c = counts[b];
    if (c == null) {
      c = new long[b == 0 ? 2 * HALF : HALF];
      BUCKET.setRelease(counts, b, c);
    }
    int i = slot(v, b);
    COUNT.setOpaque(c, i, c[i] + 1);
  }

  /** Adds to {@code into} what was recorded since the last call; on the reading thread only. */
  void addIntervalTo(Histogram into) {
    for (int b = 0; b < BUCKETS; b++) {
      long[] c = (long[]) BUCKET.getAcquire(counts, b);
      if (c == null) {
        continue;
      }
      long[] s = seen[b];
      if (s == null) {
        s = seen[b] = new long[c.length];
      }
      for (int i = 0; i < c.length; i++) {
        long n = (long) COUNT.getOpaque(c, i);
        if (n != s[i]) {
          into.recordValueWithCount(lowest(b, i), n - s[i]);
          s[i] = n;
        }
      }
    }
  }

  static int bucket(long value) {
    return Math.max(0, 64 - Long.numberOfLeadingZeros(value) - SUB_BUCKET_BITS);
  }

  static int slot(long value, int bucket) {
    return bucket == 0 ? (int) value : (int) (value >>> bucket) - HALF;
  }

  /** The lowest value of a slot: the value HdrHistogram reports for every value in it. */
  static long lowest(int bucket, int slot) {
    return bucket == 0 ? slot : (long) (slot + HALF) << bucket;
  }
}

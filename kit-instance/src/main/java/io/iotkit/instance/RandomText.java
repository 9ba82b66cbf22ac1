package io.iotkit.instance;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * Random printable text for the padding of readings, made as cheaply as a generator can: generation must never
 * be the benchmark's bottleneck. Each byte is 6 random bits plus '0' (0x30..0x6F), so the text is incompressible
 * beyond its 6 bits of entropy per byte.
 *
 * <p>Byte group k (8 bytes) of every fill comes from lane k: its own xorshift64 generator, stepped once per fill.
 * The lanes are independent (seeded apart), and a step is three shifts and three xors with no carried dependency
 * from one lane to the next, so a fill costs a fraction of one {@link SplittableRandom} draw per 8 bytes. Each lane
 * has period 2^64 - 1, so successive fills never repeat.
 */
final class RandomText {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long SIX_BITS = 0x3F3F3F3F3F3F3F3FL;
  private static final long DIGIT_ZERO = 0x3030303030303030L;

  private final int maxLength;
  /** One xorshift64 state per 8 bytes of the longest text, plus one for a last partial group; never 0. */
  private final long[] lanes;

  /**
   * @param maxLength the longest text a fill will write
   * @param seeds where the lanes' states come from (a generator of their own: they must not echo other draws)
   */
  RandomText(int maxLength, SplittableRandom seeds) {
    this.maxLength = maxLength;
    lanes = new long[maxLength / 8 + 1];
    for (int i = 0; i < lanes.length; i++) {
      long s;
      do {
        s = seeds.nextLong();
      } while (s == 0); // xorshift's one fixed point
      lanes[i] = s;
    }
  }

  /** Fills {@code out} (at most the maximum length) with the next random text. */
  void fill(byte[] out) {
    if (out.length > maxLength) {
      throw new IllegalArgumentException(out.length + " bytes exceed the maximum length " + maxLength);
    }
    long[] state = lanes;
    int whole = out.length >>> 3;
    for (int k = 0; k < whole; k++) {
      long x = step(state[k]);
      state[k] = x;
      LONGS.set(out, k << 3, (x & SIX_BITS) + DIGIT_ZERO);
    }
    long x = step(state[whole]);
    state[whole] = x;
    for (int i = whole << 3; i < out.length; i++, x >>>= 8) {
      out[i] = (byte) ((x & 0x3F) + 0x30);
    }
  }

  /** Marsaglia's xorshift64 with shifts (13, 7, 17): a full-period step. */
  private static long step(long x) {
    x ^= x << 13;
    x ^= x >>> 7;
    x ^= x << 17;
    return x;
  }
}

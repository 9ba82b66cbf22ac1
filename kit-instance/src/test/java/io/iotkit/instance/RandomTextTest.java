package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class RandomTextTest {
  private static final int LENGTH = 950;

  @Test
  void textIsPrintableSixBitCharacters() {
    RandomText text = new RandomText(1_024, new SplittableRandom(1));
    for (int length : new int[] {0, 1, 7, 8, 9, 950, 1_023, 1_024}) {
      byte[] out = new byte[length];
      text.fill(out);
      for (byte b : out) {
        assertTrue(b >= 0x30 && b <= 0x6F, "byte " + b + " in a fill of " + length);
      }
    }
  }

  @Test
  void hundredFillsCompressNoBetterThanSixBitsPerByteAllow() {
    RandomText text = new RandomText(1_024, new SplittableRandom(2));
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    for (int n = 0; n < 100; n++) {
      byte[] out = new byte[LENGTH];
      text.fill(out);
      raw.writeBytes(out);
    }
    // 6 random bits per byte: entropy coding reaches 75% at best; a repeat across fills would go far below
    assertTrue(deflated(raw.toByteArray()) >= 0.75 * raw.size(), "compressed below 6 bits per byte");
  }

  @Test
  void everyCharacterIsAboutEquallyLikely() {
    RandomText text = new RandomText(1_024, new SplittableRandom(3));
    long[] counts = new long[64];
    byte[] out = new byte[LENGTH];
    int fills = 1_000;
    for (int n = 0; n < fills; n++) {
      text.fill(out);
      for (byte b : out) {
        counts[b - 0x30]++;
      }
    }
    double expected = fills * (double) LENGTH / 64;
    for (int c = 0; c < 64; c++) {
      assertTrue(Math.abs(counts[c] - expected) < 0.05 * expected, "character " + (char) (c + 0x30) + ": "
          + counts[c] + " against " + expected);
    }
  }

  @Test
  void successiveFillsNeverRepeatAWordOrAWholeText() {
    RandomText text = new RandomText(1_024, new SplittableRandom(4));
    Set<String> texts = new HashSet<>();
    byte[] previous = new byte[LENGTH];
    text.fill(previous);
    for (int n = 0; n < 10_000; n++) {
      byte[] out = new byte[LENGTH];
      text.fill(out);
      assertTrue(texts.add(new String(out, java.nio.charset.StandardCharsets.ISO_8859_1)), "fill " + n);
      int same = 0;
      for (int w = 0; w + 8 <= LENGTH; w += 8) {
        same += Arrays.equals(out, w, w + 8, previous, w, w + 8) ? 1 : 0;
      }
      assertEquals(0, same, "8-byte groups equal to the previous fill's, fill " + n);
      previous = out;
    }
  }

  @Test
  void seedsDecideTheText() {
    byte[] a = new byte[LENGTH];
    byte[] b = new byte[LENGTH];
    byte[] c = new byte[LENGTH];
    new RandomText(1_024, new SplittableRandom(5)).fill(a);
    new RandomText(1_024, new SplittableRandom(5)).fill(b);
    new RandomText(1_024, new SplittableRandom(6)).fill(c);
    assertArrayEquals(a, b);
    assertTrue(!Arrays.equals(a, c));
  }

  @Test
  void aTextLongerThanTheMaximumIsRefused() {
    RandomText text = new RandomText(100, new SplittableRandom(7));
    text.fill(new byte[100]);
    assertThrows(IllegalArgumentException.class, () -> text.fill(new byte[101]));
  }

  private static int deflated(byte[] raw) {
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    deflater.setInput(raw);
    deflater.finish();
    byte[] buf = new byte[raw.length * 2];
    int compressed = 0;
    while (!deflater.finished()) {
      compressed += deflater.deflate(buf);
    }
    deflater.end();
    return compressed;
  }
}

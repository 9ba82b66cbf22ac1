package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Reading;
import io.iotkit.model.KvpSize;
import io.iotkit.model.WorkloadSpec;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** --kvp-bytes: readings of exactly B bytes, the key, value and unit whole and the padding resized. */
class KvpSizeTest {
  // A substation key as the master makes them: run tag, iteration, instance.
  private static final String SUBSTATION = "t8wq2k-1-000";
  private static final long NOW = 1_767_225_600_000_000L;

  private static KvpGenerator generator(int kvpBytes) {
    return generator(KvpSize.of(kvpBytes));
  }

  private static KvpGenerator generator(KvpSize size) {
    AtomicLong clock = new AtomicLong(NOW);
    return new KvpGenerator(SUBSTATION, SensorCatalog.sensors(), 7, () -> clock.addAndGet(50), size);
  }

  @Test
  void theSmallestSizeIsTheLongestKeyValueAndUnitTheGeneratorMakes() {
    // every sensor's value range ends written out in full, e.g. reactive power's "-200.000" (8 chars) with
    // "megavolt-ampere reactive" (24) under key "t8wq2k-1-000:reactive-power-01:<16 digits>" (47)
    int min = KvpSizes.minimumBytes(SUBSTATION.length());
    int longest = 0;
    for (Sensor s : SensorCatalog.sensors()) {
      SensorType t = s.type();
      String lo = String.format(java.util.Locale.ROOT, "%." + t.decimals() + "f", t.min());
      String hi = String.format(java.util.Locale.ROOT, "%." + t.decimals() + "f", t.max());
      longest = Math.max(longest, (SUBSTATION + ":" + s.key() + ":").length() + 16
          + Math.max(lo.length(), hi.length()) + t.unit().length());
    }
    assertEquals(longest, min);
    assertEquals(79, min, "the minimum for P up to 1,000 (a 12-character substation key)");
    // and no reading of the generator is longer than that without its padding
    KvpGenerator g = generator(min);
    int shortestPadding = Integer.MAX_VALUE;
    for (int n = 0; n < 200_000; n++) {
      Reading k = g.next();
      assertEquals(min, k.bytes());
      shortestPadding = Math.min(shortestPadding, k.padding().length);
    }
    assertEquals(0, shortestPadding, "some reading needs every byte of the minimum");
  }

  /**
   * The padding a 1,024-byte reading carries, as docs/PROTOCOL.md §1 states it: 945 to 971 characters for the
   * substation keys of up to 1,000 substations (12 characters). Derived from the key, value and unit lengths the
   * generator makes, and seen in readings it generated.
   */
  @Test
  void theKitsPaddingIsWhatTheProtocolStates() {
    int shortestRest = Integer.MAX_VALUE;
    int longestRest = 0;
    for (Sensor s : SensorCatalog.sensors()) {
      SensorType t = s.type();
      long scale = (long) Math.pow(10, t.decimals());
      long lo = Math.round(t.min() * scale);
      long hi = Math.round(t.max() * scale);
      long nearestZero = lo <= 0 && hi >= 0 ? 0 : lo > 0 ? lo : hi;
      int shortestValue = java.math.BigDecimal.valueOf(nearestZero, t.decimals()).toPlainString().length();
      int rest = (SUBSTATION + ":" + s.key() + ":").length() + 16 + t.unit().length();
      shortestRest = Math.min(shortestRest, rest + shortestValue);
      longestRest = Math.max(longestRest, rest + t.longestSample());
    }
    int fewest = WorkloadSpec.KVP_BYTES - longestRest;
    int most = WorkloadSpec.KVP_BYTES - shortestRest;
    assertEquals(945, fewest, "the fewest padding characters");
    assertEquals(971, most, "the most padding characters");
    KvpGenerator g = generator(WorkloadSpec.KVP_BYTES);
    int seenFewest = Integer.MAX_VALUE;
    int seenMost = 0;
    for (int n = 0; n < 200_000; n++) {
      Reading k = g.next();
      assertEquals(WorkloadSpec.KVP_BYTES, k.bytes());
      seenFewest = Math.min(seenFewest, k.padding().length);
      seenMost = Math.max(seenMost, k.padding().length);
    }
    assertTrue(seenFewest >= fewest && seenMost <= most, seenFewest + " to " + seenMost);
    assertEquals(fewest, seenFewest, "a reading of the longest key, value and unit");
    assertEquals(most, seenMost, "a reading of the shortest key, value and unit");
  }

  @Test
  void readingsAreExactlyTheAskedSizeAndTheirPaddingIsRandomText() {
    for (int bytes : new int[] {KvpSizes.minimumBytes(SUBSTATION.length()), 100, WorkloadSpec.KVP_BYTES,
        WorkloadSpec.MAX_KVP_BYTES}) {
      KvpGenerator g = generator(bytes);
      Set<String> paddings = new HashSet<>();
      long paddingBytes = 0;
      int[] seen = new int[128];
      for (int n = 0; n < 2_000; n++) {
        Reading k = g.next();
        assertEquals(bytes, k.bytes(), "B = " + bytes + ": " + k.key());
        assertEquals(bytes - k.key().length() - k.value().length() - k.unit().length(), k.padding().length);
        for (byte b : k.padding()) {
          assertTrue(b >= 0x30 && b <= 0x6f, "padding byte " + b + " outside the random text's alphabet");
          seen[b]++;
        }
        paddingBytes += k.padding().length;
        if (k.padding().length >= 8) {
          paddings.add(new String(k.padding(), java.nio.charset.StandardCharsets.ISO_8859_1));
        }
      }
      long min = KvpSizes.minimumBytes(SUBSTATION.length());
      if (bytes > min + 8) {
        // random text: paddings do not repeat, and all 64 symbols come up about equally often
        assertTrue(paddings.size() > 1_990, "B = " + bytes + ": only " + paddings.size() + " distinct paddings");
        for (int c = 0x30; c <= 0x6f; c++) {
          double share = seen[c] / (double) paddingBytes;
          assertTrue(Math.abs(share - 1 / 64.0) < 0.3 / 64, "B = " + bytes + ": symbol " + c + " share " + share);
        }
      }
    }
  }

  @Test
  void sizesOutsideTheRangeAreRefusedWithTheRealLimits() {
    int min = KvpSizes.minimumBytes(SUBSTATION.length());
    assertNull(KvpSizes.problem(KvpSize.of(min), SUBSTATION.length()));
    assertNull(KvpSizes.problem(KvpSize.of(WorkloadSpec.MAX_KVP_BYTES), SUBSTATION.length()));
    assertNull(KvpSizes.problem(new KvpSize(min, WorkloadSpec.MAX_KVP_BYTES), SUBSTATION.length()));
    assertEquals("--kvp-bytes must be between 79 (the longest key, value and unit a reading has; only the padding"
        + " is resized) and 10240 (it was 64)", KvpSizes.problem(KvpSize.of(64), SUBSTATION.length()));
    assertTrue(KvpSizes.problem(KvpSize.of(min - 1), SUBSTATION.length()).endsWith("(it was 78)"));
    assertTrue(KvpSizes.problem(KvpSize.of(WorkloadSpec.MAX_KVP_BYTES + 1), SUBSTATION.length())
        .endsWith("(it was 10241)"));
    assertTrue(KvpSizes.problem(new KvpSize(19, 116), SUBSTATION.length()).endsWith("(it was 19-116)"),
        "a range whose smallest is below the minimum");
    assertTrue(KvpSizes.problem(new KvpSize(min, 20_000), SUBSTATION.length()).endsWith("(it was 79-20000)"));
    // a longer substation key (P over 1,000) needs a byte more
    assertEquals(min + 1, KvpSizes.minimumBytes(SUBSTATION.length() + 1));
    assertThrows(IllegalArgumentException.class, () -> generator(min - 1));
  }

  @Test
  void aRangeDrawsEachReadingsSizeEvenlyAndRepeatsWithTheSeed() {
    KvpSize range = new KvpSize(80, 116);
    KvpGenerator g = generator(range);
    KvpGenerator again = generator(range);
    int[] seen = new int[117];
    int n = 37_000;
    long total = 0;
    for (int i = 0; i < n; i++) {
      Reading r = g.next();
      int bytes = r.bytes();
      assertTrue(bytes >= 80 && bytes <= 116, "a reading of " + bytes + " bytes");
      assertEquals(bytes, again.next().bytes(), "the same seed, the same sizes");
      seen[bytes]++;
      total += bytes;
    }
    for (int b = 80; b <= 116; b++) {
      assertEquals(n / 37.0, seen[b], n / 37.0 * 0.15, "readings of " + b + " bytes");
    }
    assertEquals(range.meanBytes(), total / (double) n, 0.5, "the mean size");
  }

  @Test
  void theOptionReadsOneSizeOrARange() {
    assertEquals(KvpSize.of(1024), KvpSize.parse("1024"));
    assertEquals(new KvpSize(80, 116), KvpSize.parse("80-116"));
    assertEquals("80-116", KvpSize.parse(" 80-116 ").label());
    assertEquals("80 to 116 bytes, each reading's drawn evenly", KvpSize.parse("80-116").text());
    for (String bad : new String[] {"", "80-", "-116", "116-80", "80-90-100", "1k"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KvpSize.parse(bad), bad);
      assertTrue(e.getMessage().startsWith("--kvp-bytes must be"), e.getMessage());
    }
  }
}

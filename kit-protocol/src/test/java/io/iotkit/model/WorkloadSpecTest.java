package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WorkloadSpecTest {

  @Test
  void instanceSharesSumToKAndTheLastTakesTheRemainder() {
    long[] totals = {1, 3, 7, 10, 99, 1_000, 10_007, 1_000_000_001L, 7_999_999_999L};
    for (int p = 1; p <= 40; p++) {
      for (long k : totals) {
        long sum = 0;
        for (int i = 0; i < p; i++) {
          long share = WorkloadSpec.kvpsFor(i, p, k);
          assertEquals(i == p - 1 ? k / p + k % p : k / p, share, "i=" + i + " P=" + p + " K=" + k);
          sum += share;
        }
        assertEquals(k, sum, "P=" + p + " K=" + k);
      }
    }
  }

  @Test
  void handComputedShares() {
    assertEquals(3, WorkloadSpec.kvpsFor(0, 3, 10));
    assertEquals(3, WorkloadSpec.kvpsFor(1, 3, 10));
    assertEquals(4, WorkloadSpec.kvpsFor(2, 3, 10));
    assertEquals(0, WorkloadSpec.kvpsFor(0, 5, 3));
    assertEquals(3, WorkloadSpec.kvpsFor(4, 5, 3));
  }

  @Test
  void countsBeyondIntRange() {
    long k = 400_000_000_000L;
    // 400e9 = 7 * 57,142,857,142 + 6
    assertEquals(57_142_857_142L, WorkloadSpec.kvpsFor(0, 7, k));
    assertEquals(57_142_857_142L, WorkloadSpec.kvpsFor(5, 7, k));
    assertEquals(57_142_857_148L, WorkloadSpec.kvpsFor(6, 7, k));
    long sum = 0;
    for (int t = 0; t < 10; t++) {
      sum += WorkloadSpec.kvpsForThread(t, 10, 57_142_857_148L);
    }
    assertEquals(57_142_857_148L, sum);
  }

  @Test
  void threadSharesSumToTheInstanceTotalAndDifferByAtMostOne() {
    for (int threads = 1; threads <= 25; threads++) {
      for (long kvps : new long[] {0, 1, 9, 10, 11, 2_000, 10_007, 123_456_789L}) {
        long sum = 0, min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (int t = 0; t < threads; t++) {
          long share = WorkloadSpec.kvpsForThread(t, threads, kvps);
          sum += share;
          min = Math.min(min, share);
          max = Math.max(max, share);
        }
        assertEquals(kvps, sum, threads + " threads, " + kvps + " kvps");
        assertEquals(true, max - min <= 1, threads + " threads, " + kvps + " kvps");
      }
    }
  }

  @Test
  void invalidInstanceArgumentsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> WorkloadSpec.kvpsFor(-1, 3, 100));
    assertThrows(IllegalArgumentException.class, () -> WorkloadSpec.kvpsFor(3, 3, 100));
    assertThrows(IllegalArgumentException.class, () -> WorkloadSpec.kvpsFor(0, 0, 100));
    assertThrows(RuntimeException.class, () -> WorkloadSpec.kvpsForThread(0, 0, 100));
  }

  @Test
  void kitConstants() {
    assertEquals(200, WorkloadSpec.SENSORS_PER_SUBSTATION);
    assertEquals(10, WorkloadSpec.THREADS_PER_INSTANCE);
    assertEquals(1024, WorkloadSpec.KVP_BYTES);
    // 5 queries per 10,000 kvps
    assertEquals(10_000 / 5, WorkloadSpec.INSERTS_PER_QUERY);
    assertEquals(5_000_000L, WorkloadSpec.WINDOW_MICROS);
    assertEquals(1_800_000_000L, WorkloadSpec.LOOKBACK_MICROS);
  }
}

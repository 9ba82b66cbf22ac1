package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.model.WorkloadSpec;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class KvpGeneratorTest {
  // A substation key as the master makes them: run tag, iteration, instance.
  private static final String SUBSTATION = "t8wq2k-1-000";
  private static final long NOW = 1_767_225_600_000_000L;
  private static final Pattern KEY = Pattern.compile("([^:]{1,64}):([^:]{1,64}):(\\d{16})");

  private static KvpGenerator allSensors(long seed, java.util.function.LongSupplier clock) {
    return new KvpGenerator(SUBSTATION, SensorCatalog.sensors(), seed, clock);
  }

  @Test
  void everyKvpHasTheSpecifiedShape() {
    AtomicLong clock = new AtomicLong(NOW);
    KvpGenerator gen = allSensors(1, () -> clock.addAndGet(50));
    for (int n = 0; n < 20_000; n++) {
      Reading kvp = gen.next();
      assertEquals(WorkloadSpec.KVP_BYTES, kvp.bytes(), kvp.key());

      Matcher m = KEY.matcher(kvp.key());
      assertTrue(m.matches(), kvp.key());
      assertEquals(SUBSTATION, m.group(1));
      assertEquals(kvp.sensor(), m.group(2));
      assertEquals(kvp.micros(), Long.parseLong(m.group(3)));
      assertEquals(kvp.micros(), ReadingFormat.micros(kvp.key()));

      SensorType type = SensorCatalog.sensors().stream().filter(x -> x.key().equals(kvp.sensor())).findFirst()
          .orElseThrow().type();
      assertTrue(kvp.value().length() >= 1 && kvp.value().length() <= 20, kvp.value());
      double v = Double.parseDouble(kvp.value());
      assertTrue(v >= type.min() && v <= type.max(), kvp.value() + " outside " + type);
      assertEquals(type.unit(), kvp.unit());
      assertTrue(kvp.unit().length() >= 4 && kvp.unit().length() <= 34, kvp.unit());

      assertTrue(kvp.padding().length >= 930 && kvp.padding().length <= 995, "padding " + kvp.padding().length);
      for (byte b : kvp.padding()) {
        assertTrue(b >= 0x20 && b < 0x7f, "non-printable padding byte " + b);
      }
    }
  }

  @Test
  void longestKeysStillMakeExactlyOneKilobyte() {
    String substation = "s".repeat(64);
    KvpGenerator gen = new KvpGenerator(substation, SensorCatalog.sensors(), 3, () -> NOW);
    for (int n = 0; n < 400; n++) {
      assertEquals(WorkloadSpec.KVP_BYTES, gen.next().bytes());
    }
  }

  @Test
  void paddingIsIncompressible() {
    KvpGenerator gen = allSensors(2, () -> NOW);
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    for (int n = 0; n < 100; n++) {
      raw.writeBytes(gen.next().padding());
    }
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    deflater.setInput(raw.toByteArray());
    deflater.finish();
    byte[] buf = new byte[raw.size() * 2];
    int compressed = 0;
    while (!deflater.finished()) {
      compressed += deflater.deflate(buf);
    }
    deflater.end();
    // 6 random bits per 8-bit character: the best possible ratio is 75%.
    assertTrue(compressed > 0.7 * raw.size(), compressed + " of " + raw.size());
  }

  @Test
  void keysAreUniqueAndIncreasingPerSensorEvenWithAFrozenClock() {
    KvpGenerator gen = allSensors(4, () -> NOW);
    Set<String> keys = new HashSet<>();
    Map<String, Long> last = new HashMap<>();
    for (int n = 0; n < 100_000; n++) {
      Reading kvp = gen.next();
      assertTrue(keys.add(kvp.key()), "duplicate " + kvp.key());
      Long previous = last.put(kvp.sensor(), kvp.micros());
      assertTrue(previous == null || kvp.micros() > previous, kvp.key());
      assertTrue(kvp.micros() >= NOW);
    }
    assertEquals(100_000, keys.size());
  }

  @Test
  void timestampsFollowTheClockAndNeverGoBack() {
    Sensor only = SensorCatalog.sensors().get(0);
    long[] clock = {NOW, NOW + 100, NOW + 100, NOW + 50, NOW + 1_000};
    int[] i = {0};
    KvpGenerator gen = new KvpGenerator(SUBSTATION, List.of(only), 5, () -> clock[i[0]++]);
    long[] micros = new long[clock.length];
    for (int n = 0; n < clock.length; n++) {
      micros[n] = gen.next().micros();
    }
    // Real time when the clock advances; one µs past the last reading when it stalls or steps back.
    assertArrayEquals(new long[] {NOW, NOW + 100, NOW + 101, NOW + 102, NOW + 1_000}, micros);
  }

  @Test
  void aLateReadingIsStampedWhenItWasDueButNeverBeforeTheSensorsLast() {
    Sensor only = SensorCatalog.sensors().get(0);
    long[] clock = {NOW, NOW + 5_000, NOW + 5_100};
    int[] i = {0};
    KvpGenerator gen = new KvpGenerator(SUBSTATION, List.of(only), 5, () -> clock[i[0]++]);
    assertEquals(NOW, gen.next(0).micros());
    assertEquals(NOW + 3_000, gen.next(2_000).micros()); // due 2 ms ago
    assertEquals(NOW + 3_001, gen.next(4_000).micros()); // due before the last one: just past it
  }

  @Test
  void keysOfOneSensorSortByTime() {
    Sensor only = SensorCatalog.sensors().get(7);
    long[] clock = {9, 10, 99, 100, 999_999, 1_000_000, 123_456_789_012L, NOW};
    int[] i = {0};
    KvpGenerator gen = new KvpGenerator(SUBSTATION, List.of(only), 6, () -> clock[i[0]++]);
    List<String> keys = new ArrayList<>();
    for (int n = 0; n < clock.length; n++) {
      keys.add(gen.next().key());
    }
    List<String> sorted = new ArrayList<>(keys);
    sorted.sort(null);
    assertEquals(keys, sorted);
  }

  @Test
  void sensorsTakeTurns() {
    List<Sensor> mine = SensorCatalog.forThread(3, 10);
    KvpGenerator gen = new KvpGenerator(SUBSTATION, mine, 7, () -> NOW);
    for (int round = 0; round < 3; round++) {
      for (Sensor s : mine) {
        assertEquals(s.key(), gen.next().sensor());
      }
    }
  }

  @Test
  void needsAtLeastOneSensor() {
    assertThrows(IllegalArgumentException.class, () -> new KvpGenerator(SUBSTATION, List.of(), 1, () -> NOW));
  }
}

package io.iotkit.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ReadingFormatTest {

  @Test
  void keyIsSubstationSensorAndSixteenDigitTimestamp() {
    assertEquals("s1:ltc-01:0000000000000042", ReadingFormat.key("s1", "ltc-01", 42));
    assertEquals("s1:ltc-01:1767225600000000", ReadingFormat.key("s1", "ltc-01", 1_767_225_600_000_000L));
    assertEquals("s1:", ReadingFormat.substationPrefix("s1"));
    assertEquals("s1:ltc-01:", ReadingFormat.sensorPrefix("s1", "ltc-01"));
  }

  @Test
  void microsReadsTheTimestampBack() {
    for (long t : new long[] {0, 1, 999_999, 1_000_000, 1_767_225_600_123_456L, 9_999_999_999_999_999L}) {
      String key = ReadingFormat.key("sub", "x-1", t);
      assertEquals(16, key.length() - "sub:x-1:".length());
      assertEquals(t, ReadingFormat.micros(key));
    }
  }

  @Test
  void negativeTimestampIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> ReadingFormat.timestamp(-1));
  }

  @Test
  void keysOfOneSensorSortByTime() {
    // Crosses digit-count boundaries, where unpadded numbers would sort wrongly.
    long[] times = {9, 10, 99, 100, 999_999, 1_000_000, 123_456_789_012L, 1_767_225_600_000_000L};
    List<String> keys = new ArrayList<>();
    for (long t : times) {
      keys.add(ReadingFormat.key("s", "x", t));
    }
    List<String> sorted = new ArrayList<>(keys);
    sorted.sort(null);
    assertEquals(keys, sorted);
  }

  @Test
  void rangeScanCoversExactlyOneSensorsHalfOpenInterval() {
    NavigableMap<String, Double> store = new TreeMap<>();
    for (String sensor : List.of("x-1", "x-10", "x-2", "x")) {
      for (long t = 100; t <= 200; t += 10) {
        store.put(ReadingFormat.key("s", sensor, t), (double) t);
      }
    }
    store.put(ReadingFormat.key("s-1", "x-1", 150), -1.0); // substation whose key extends "s"
    var window = store.subMap(ReadingFormat.key("s", "x-1", 120), true, ReadingFormat.key("s", "x-1", 160), false);
    assertEquals(List.of(120.0, 130.0, 140.0, 150.0), new ArrayList<>(window.values()));
    assertTrue(window.keySet().stream().allMatch(k -> k.startsWith("s:x-1:")));
  }

  @Test
  void aKeyAndItsFieldsReadBackAsTheReading() {
    long t = 1_767_225_600_123_456L;
    Reading r = ReadingFormat.reading(ReadingFormat.key("abc-1-000", "ltc-gas-3", t), "20.5", "degC", new byte[3]);
    assertEquals("abc-1-000", r.substation());
    assertEquals("ltc-gas-3", r.sensor());
    assertEquals(t, r.micros());
    assertEquals(ReadingFormat.key("abc-1-000", "ltc-gas-3", t), r.key());
    assertEquals(42, ReadingFormat.reading(ReadingFormat.key("s", "x", 42), "", "", new byte[0]).micros());
  }

  @Test
  void whatIsNotAReadingKeyIsRefused() {
    for (String bad : List.of("no-separators", "s:123", ":x:0000000000000001", "s::0000000000000001", "s:x:",
        "s:x:12", "s:x:00000000000000a1", "s:x:-000000000000001")) {
      assertThrows(IllegalArgumentException.class, () -> ReadingFormat.reading(bad, "1", "V", new byte[0]), bad);
    }
  }

  @Test
  void aReadingCountsKeyValueUnitAndPadding() {
    Reading r = new Reading("s1", "ltc-01", 1, "12.5", "volt", new byte[100]);
    assertEquals("s1:ltc-01:0000000000000001".length() + 4 + 4 + 100, r.bytes());
    assertEquals(r.key().length(), ReadingFormat.keyLength("s1", "ltc-01"));
  }

  @Test
  void aSensorKeyAndAReadingKeyTellTheirSubstation() {
    assertEquals("r1-1-002:s007", ReadingFormat.sensorKey("r1-1-002", "s007"));
    assertEquals(java.util.Optional.of("r1-1-002"), ReadingFormat.substationOf(ReadingFormat.sensorKey("r1-1-002",
        "s007")));
    assertEquals(java.util.Optional.of("r1-1-002"), ReadingFormat.substationOf(ReadingFormat.key("r1-1-002", "s007",
        42)));
    assertEquals(java.util.Optional.empty(), ReadingFormat.substationOf("no-separator"));
    assertEquals(java.util.Optional.empty(), ReadingFormat.substationOf(":s007"));
  }
}

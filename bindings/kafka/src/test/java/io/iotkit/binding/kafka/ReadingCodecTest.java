package io.iotkit.binding.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.ReadingFormat;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReadingCodecTest {

  @Test
  void valueRoundTrips() {
    byte[] v = ReadingCodec.value(bytes("-12.75"), bytes("kV"), bytes("PADDING-_xyz"));
    assertEquals(-12.75, ReadingCodec.sensorValue(v));
    assertEquals("-12.75\u001FkV\u001FPADDING-_xyz", new String(v, StandardCharsets.US_ASCII));
  }

  @Test
  void keyGivesItsMicroseconds() {
    String key = ReadingFormat.key("t5-1-000", "ltc-gas-01", 1_732_251_234_567_891L);
    assertEquals(1_732_251_234_567_891L, ReadingCodec.micros(ReadingCodec.key(key)));
    assertEquals(1_732_251_234_567L, ReadingCodec.timestampMs(1_732_251_234_567_891L));
    assertThrows(NumberFormatException.class, () -> ReadingCodec.micros(bytes("no-timestamp")));
    assertThrows(NumberFormatException.class, () -> ReadingCodec.micros(bytes("a:b:12x4")));
  }

  @Test
  void sensorPrefixMatchesOnlyItsSensor() {
    byte[] key = ReadingCodec.key(ReadingFormat.key("t5-1-000", "volt-10", 5));
    assertTrue(ReadingCodec.startsWith(key, bytes(ReadingFormat.sensorPrefix("t5-1-000", "volt-10"))));
    assertFalse(ReadingCodec.startsWith(key, bytes(ReadingFormat.sensorPrefix("t5-1-000", "volt-1"))));
    assertFalse(ReadingCodec.startsWith(key, bytes(ReadingFormat.sensorPrefix("t5-1-001", "volt-10"))));
    assertFalse(ReadingCodec.startsWith(null, bytes("t5")));
  }

  @Test
  void windowBoundsCoverEveryReadingOfTheWindow() {
    // A reading at from (µs) has a record timestamp of at least startMs.
    assertEquals(1_000, WindowReader.startMs(1_000_999));
    assertEquals(1_000, WindowReader.startMs(1_000_000));
    // Every reading before to (µs) has a record timestamp below stopMs - disorder.
    assertEquals(1_001 + 250, WindowReader.stopMs(1_000_001, 250));
    assertEquals(1_000 + 250, WindowReader.stopMs(1_000_000, 250));
    long to = 1_000_000;
    assertTrue(ReadingCodec.timestampMs(to - 1) < WindowReader.stopMs(to, 0));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}

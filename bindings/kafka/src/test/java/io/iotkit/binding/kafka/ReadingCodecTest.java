package io.iotkit.binding.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.ReadingFormat;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReadingCodecTest {

  @Test
  void valueRoundTrips() {
    byte[] v = ReadingCodec.value(bytes("-12.75"), bytes("kV"), bytes("PADDING-_xyz"));
    assertEquals(-12.75, ReadingCodec.sensorValue(ByteBuffer.wrap(v)));
    ByteBuffer inside = ByteBuffer.wrap(("xx" + new String(v, StandardCharsets.US_ASCII)).getBytes(
        StandardCharsets.US_ASCII), 2, v.length).slice();
    assertEquals(-12.75, ReadingCodec.sensorValue(inside), "a view inside a larger fetch buffer");
    assertEquals("-12.75\u001FkV\u001FPADDING-_xyz", new String(v, StandardCharsets.US_ASCII));
  }

  @Test
  void keyOfTheSensorGivesItsMicroseconds() {
    ByteBuffer key = ByteBuffer.wrap(ReadingCodec.key(ReadingFormat.key("t5-1-000", "ltc-gas-01",
        1_732_251_234_567_891L)));
    assertEquals(1_732_251_234_567_891L, ReadingCodec.micros(key, prefix("t5-1-000", "ltc-gas-01")));
    assertEquals(1_732_251_234_567L, ReadingCodec.timestampMs(1_732_251_234_567_891L));
    assertThrows(NumberFormatException.class, () -> ReadingCodec.micros(ByteBuffer.wrap(bytes("a:b:12x4")),
        bytes("a:b:")));
  }

  @Test
  void otherSensorsKeysAreSkipped() {
    ByteBuffer key = ByteBuffer.wrap(ReadingCodec.key(ReadingFormat.key("t5-1-000", "volt-10", 5)));
    assertEquals(5, ReadingCodec.micros(key, prefix("t5-1-000", "volt-10")));
    assertEquals(-1, ReadingCodec.micros(key, prefix("t5-1-000", "volt-1")));
    assertEquals(-1, ReadingCodec.micros(key, prefix("t5-1-001", "volt-10")));
    assertEquals(-1, ReadingCodec.micros(ByteBuffer.wrap(bytes("t5-1-000:volt-10:")), prefix("t5-1-000",
        "volt-10")), "a key with no timestamp is no reading");
    assertEquals(0, key.position(), "read in place");
  }

  private static byte[] prefix(String substation, String sensor) {
    return bytes(ReadingFormat.sensorPrefix(substation, sensor));
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

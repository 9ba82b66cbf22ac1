package io.iotkit.binding.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.iotkit.binding.ReadingFormat;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReadingMessageTest {
  private static final String KEY = ReadingFormat.key("r1-1-000", "ltc-gas-03", 1_700_000_000_123_456L);
  private static final String TOPIC = "iot/r1-1-000/ltc-gas-03";

  private static byte[] reading(String key) {
    return ReadingMessage.encode(key, bytes("12.5"), bytes("ppm"), bytes("PADDING\nwith-newline"));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void topicsPerSubstationAndSensor() {
    assertEquals(TOPIC, ReadingMessage.topic("iot", "r1-1-000", "ltc-gas-03"));
    assertEquals("plant/a/r1-1-000/#", ReadingMessage.substationFilter("plant/a", "r1-1-000"));
  }

  @Test
  void payloadCarriesTheWholeReading() {
    byte[] p = reading(KEY);
    assertEquals(KEY + "\n12.5\nppm\nPADDING\nwith-newline", new String(p, StandardCharsets.US_ASCII));
    assertEquals(new ReadingMessage.Delivered("ltc-gas-03", 1_700_000_000_123_456L),
        ReadingMessage.decode("iot", TOPIC, p));
  }

  @Test
  void aReadingOnTheWrongTopicIsNotCounted() {
    assertNull(ReadingMessage.decode("iot", "iot/r1-1-000/other-01", reading(KEY)));
    assertNull(ReadingMessage.decode("other", TOPIC, reading(KEY)));
  }

  @Test
  void strayMessagesAreNotReadings() {
    assertNull(ReadingMessage.decode("iot", TOPIC, bytes("hello")));
    assertNull(ReadingMessage.decode("iot", TOPIC, bytes(KEY + "\n12.5")), "unit and padding missing");
    assertNull(ReadingMessage.decode("iot", TOPIC, bytes(KEY + "\n\nppm\nx")), "empty value");
    assertNull(ReadingMessage.decode("iot", TOPIC, reading("r1-1-000:ltc-gas-03:17000000001234xx")), "bad timestamp");
    assertNull(ReadingMessage.decode("iot", TOPIC, reading("r1-1-000:ltc-gas-03:-000000000000001")), "negative");
    assertNull(ReadingMessage.decode("iot", TOPIC, reading("r1-1-000:ltc-gas-03:12")), "short timestamp");
  }
}

package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.iotkit.binding.ReadingFormat;
import org.junit.jupiter.api.Test;

class ReadingKeyTest {

  @Test
  void splitsAKitKey() {
    long t = 1_767_225_600_123_456L;
    assertEquals(new ReadingKey("abc-1-000", "ltc-gas-3", t), ReadingKey.parse(ReadingFormat.key("abc-1-000", "ltc-gas-3", t)));
  }

  @Test
  void keepsLeadingZerosOutOfTheTimestamp() {
    assertEquals(42, ReadingKey.parse(ReadingFormat.key("s", "x", 42)).micros());
  }

  @Test
  void rejectsWhatIsNotAReadingKey() {
    assertThrows(IllegalArgumentException.class, () -> ReadingKey.parse("no-separators"));
    assertThrows(IllegalArgumentException.class, () -> ReadingKey.parse("s:123"));
    assertThrows(IllegalArgumentException.class, () -> ReadingKey.parse(":x:123"));
    assertThrows(IllegalArgumentException.class, () -> ReadingKey.parse("s::123"));
    assertThrows(IllegalArgumentException.class, () -> ReadingKey.parse("s:x:"));
    assertThrows(IllegalArgumentException.class, () -> ReadingKey.parse("s:x:12a"));
  }
}

package io.iotkit.binding.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.iotkit.binding.Reading;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ReadingItemsTest {

  @Test
  void oneSensorsReadingsShareAPartitionSortedByTimestamp() {
    Reading r = new Reading("sub-1", "pmu-angle-03", 1_767_225_600_000_123L, "12.5", "deg",
        "xyz".getBytes(StandardCharsets.US_ASCII));
    Map<String, AttributeValue> item = ReadingItems.item(r);
    assertEquals(AttributeValue.fromS("sub-1:pmu-angle-03"), item.get("pk"));
    assertEquals(AttributeValue.fromN("1767225600000123"), item.get("ts"));
    assertEquals(AttributeValue.fromN("12.5"), item.get("value"));
    assertEquals(AttributeValue.fromS("deg"), item.get("unit"));
    assertEquals(AttributeValue.fromS("xyz"), item.get("padding"));
    assertEquals(5, item.size());
    assertEquals("sub-1:pmu-angle-03:1767225600000123", ReadingItems.keyOf(item));
    assertEquals(ReadingItems.partition("sub-1", "pmu-angle-03"), item.get("pk").s());
  }

  @Test
  void aValueThatIsNoNumberIsRefused() {
    assertThrows(NumberFormatException.class, () -> ReadingItems.item(new Reading("s", "x", 1, "NaN", "u",
        new byte[0])));
  }
}

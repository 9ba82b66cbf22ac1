package io.iotkit.binding.influxdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.iotkit.binding.Reading;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineProtocolTest {

  private static Reading reading(String substation, String sensor, String value, String unit, String padding) {
    return new Reading(substation, sensor, 1_767_225_600_000_001L, value, unit,
        padding.getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void oneLinePerReadingWithMicrosecondTimestamp() {
    assertEquals("reading,substation=s-1-000,sensor=ltc-1 value=12.5,unit=\"kV\",padding=\"abc\" 1767225600000001\n",
        LineProtocol.line(reading("s-1-000", "ltc-1", "12.5", "kV", "abc")));
  }

  @Test
  void tagsEscapeCommaEqualsAndSpace() {
    assertEquals("reading,substation=a\\,b\\=c\\ d,sensor=x\\y value=-3,unit=\"\",padding=\"\" 1767225600000001\n",
        LineProtocol.line(reading("a,b=c d", "x\\y", "-3", "", "")));
  }

  @Test
  void stringFieldsEscapeQuoteAndBackslash() {
    assertEquals("reading,substation=s,sensor=x value=1e3,unit=\"deg \\\"C\\\"\",padding=\"0\\\\o\" 1767225600000001\n",
        LineProtocol.line(reading("s", "x", "1e3", "deg \"C\"", "0\\o")));
  }

  @Test
  void whatTheProtocolCannotCarryIsRefusedAndLeavesTheBatchAsItWas() {
    StringBuilder batch = new StringBuilder("held\n");
    for (Reading r : new Reading[] {reading("s", "x", "twelve", "kV", ""), reading("s", "x", "NaN", "kV", ""),
        reading("s", "x", "1,foo=2", "kV", ""), reading("s", "x\\", "1", "kV", ""), reading("", "x", "1", "kV", ""),
        reading("s", "x\ny", "1", "kV", ""), reading("s", "x", "1", "kV", "a\nb")}) {
      assertThrows(IllegalArgumentException.class, () -> LineProtocol.append(batch, r), r.toString());
      assertEquals("held\n", batch.toString());
    }
  }
}

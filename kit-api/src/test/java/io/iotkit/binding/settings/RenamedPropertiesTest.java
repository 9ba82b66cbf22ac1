package io.iotkit.binding.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class RenamedPropertiesTest {
  private static final RenamedProperties RENAMED = new RenamedProperties(Map.of("iot.x.size", "x.size"));

  private static Properties props(Map<String, String> values) {
    Properties p = new Properties();
    p.putAll(values);
    return p;
  }

  @Test
  void theOldNamesValueIsUsedUnderTheNewName() {
    Properties given = props(Map.of("iot.x.size", "7", "other", "o"));
    Properties p = RENAMED.apply(given);
    assertEquals("7", p.getProperty("x.size"));
    assertNull(p.getProperty("iot.x.size"));
    assertEquals("o", p.getProperty("other"));
    assertEquals("7", given.getProperty("iot.x.size"), "the given properties stay as they are");
    assertEquals(List.of("property iot.x.size is now called x.size; its value is used, but rename it in the"
        + " binding properties: the old name goes away in the next release"), RENAMED.warnings(given));
  }

  @Test
  void theNewNameWinsWhenBothAreSet() {
    Properties given = props(Map.of("iot.x.size", "7", "x.size", "8"));
    assertEquals("8", RENAMED.apply(given).getProperty("x.size"));
    assertEquals(List.of("property iot.x.size is now called x.size; both are set, so iot.x.size is ignored:"
        + " remove it from the binding properties"), RENAMED.warnings(given));
  }

  @Test
  void newNamesAloneGiveNoWarning() {
    assertEquals(List.of(), RENAMED.warnings(props(Map.of("x.size", "8"))));
  }
}

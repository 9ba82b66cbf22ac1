package io.iotkit.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SensorTypeTest {

  @Test
  void samplesStayInRangeWithTheTypesPrecision() {
    SplittableRandom rng = new SplittableRandom(11);
    for (Sensor s : SensorCatalog.sensors()) {
      SensorType t = s.type();
      for (int n = 0; n < 500; n++) {
        String text = t.sample(rng);
        assertTrue(text.length() >= 1 && text.length() <= 20, text);
        double v = Double.parseDouble(text);
        assertTrue(v >= t.min() && v <= t.max(), text + " outside " + t);
        int dot = text.indexOf('.');
        assertEquals(t.decimals(), dot < 0 ? 0 : text.length() - dot - 1, text);
      }
    }
  }

  @Test
  void smallNegativeValuesKeepTheirSignAndLeadingZeros() {
    SensorType t = new SensorType("t", "unit", -0.01, 0.01, 3);
    SplittableRandom rng = new SplittableRandom(12);
    Set<String> seen = new HashSet<>();
    for (int n = 0; n < 2_000; n++) {
      String text = t.sample(rng);
      assertTrue(text.matches("-?0\\.0(0\\d|10)"), text);
      seen.add(text);
    }
    // every value from -0.010 to 0.010 (21 of them, with 0.000 once) occurs, both ends included
    assertTrue(seen.contains("-0.010") && seen.contains("-0.005") && seen.contains("0.010"), seen.toString());
    assertEquals(21, seen.size(), seen.toString());
  }

  @Test
  void wholeNumbersHaveNoDecimalPoint() {
    SensorType t = new SensorType("ops", "operations", 0, 3, 0);
    SplittableRandom rng = new SplittableRandom(13);
    Set<String> seen = new HashSet<>();
    for (int n = 0; n < 200; n++) {
      seen.add(t.sample(rng));
    }
    assertEquals(Set.of("0", "1", "2", "3"), seen);
  }

  @Test
  void unitMustBeFourTo34Characters() {
    assertThrows(IllegalArgumentException.class, () -> new SensorType("t", "abc", 0, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> new SensorType("t", "u".repeat(35), 0, 1, 0));
    new SensorType("t", "abcd", 0, 1, 0);
    new SensorType("t", "u".repeat(34), 0, 1, 0);
  }
}

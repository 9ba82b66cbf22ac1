package io.iotkit.binding.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadingCountsTest {
  @Test
  void aReplicaHoldingThePrimarysCountsDiffersInNothing() {
    assertEquals("", ReadingCounts.difference(Map.of("s1", 10L, "s2", 0L), Map.of("s1", 10L)));
  }

  @Test
  void theFirstSubstationHeldOtherwiseIsNamed() {
    assertEquals("holds 9 readings of substation s1 where the primary holds 10",
        ReadingCounts.difference(Map.of("s1", 10L), Map.of("s1", 9L)));
    assertEquals("holds 0 readings of substation s1 where the primary holds 1,000",
        ReadingCounts.difference(Map.of("s1", 1_000L), Map.of()));
  }
}

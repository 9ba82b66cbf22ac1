package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StartSpreadTest {
  private static InstanceResult instance(int i, Long lagMicros) {
    return new InstanceResult(i, "s" + i, 10, 10, 0, 0, 1, 0, 0, 0, 0, Map.of(), null, null, Map.of(), new long[0],
        null, null, Map.of(), lagMicros);
  }

  @Test
  void theLatestFirstWriteIsTheSpreadAndWithinASecondItDoesNotWarn() {
    StartSpread s = StartSpread.of(List.of(instance(0, 4_000L), instance(1, 21_000L), instance(2, 2_000L)));
    assertEquals(0.002, s.firstLagSeconds(), 1e-9);
    assertEquals(0.021, s.lastLagSeconds(), 1e-9);
    assertEquals(1, s.lastInstance());
    assertTrue(s.warnings().isEmpty(), s.warnings().toString());
    assertEquals("first write 0.002 to 0.021 s after the release (the last: instance 1)", s.text(0));
  }

  @Test
  void anInstanceBeginningMoreThanASecondLateWarns() {
    StartSpread s = StartSpread.of(List.of(instance(0, 3_000L), instance(1, 1_400_000L)));
    assertEquals(List.of("driver instance 1 began writing 1.400 s after the start barrier's release (limit 1 s)"),
        s.warnings());
    assertTrue(StartSpread.of(List.of(instance(0, 1_000_000L))).warnings().isEmpty(), "exactly 1 s is within");
  }

  @Test
  void otherHostsClockErrorIsSaid() {
    StartSpread s = StartSpread.of(List.of(instance(0, 3_000L)));
    assertTrue(s.text(450).endsWith(", each within +/- 0.450 ms (the driver hosts' clock offsets)"), s.text(450));
  }

  @Test
  void anOlderResultWithoutLagsIsNotMeasured() {
    StartSpread s = StartSpread.of(List.of(instance(0, 3_000L), instance(1, null)));
    assertNull(s.lastLagSeconds());
    assertEquals(-1, s.lastInstance());
    assertTrue(s.warnings().isEmpty());
    assertEquals("not measured: the instances did not report their start", s.text(0));
    assertEquals("not measured: the instances did not report their start", StartSpread.of(List.of()).text(0));
  }
}

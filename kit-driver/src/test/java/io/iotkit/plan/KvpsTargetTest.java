package io.iotkit.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.RunPlan;
import org.junit.jupiter.api.Test;

class KvpsTargetTest {

  @Test
  void kIsTheSmallestMultipleOfPThousandLastingTheTargetTime() {
    // 14,301.5 kvps/s x 1800 s x 1.2 = 30,891,240 kvps; P = 1 rounds up to the next 1,000
    RunPlan.Kvps k = KvpsTarget.of(14_301.5, 1800, 20, 1);
    assertEquals(2160, k.targetSeconds(), 1e-9);
    assertEquals(30_891_240, k.minimumKvps());
    assertEquals(1_000, k.step());
    assertEquals(30_892_000, k.kvps());
    assertEquals(30_892_000 / 14_301.5, k.executionSeconds(), 1e-9);
    assertTrue(k.executionSeconds() >= 2160);
    assertTrue((k.kvps() - k.step()) / 14_301.5 < 2160, "one step less would be too short");
  }

  @Test
  void theStepGrowsWithP() {
    RunPlan.Kvps k = KvpsTarget.of(10_000, 1800, 0, 8);
    assertEquals(8_000, k.step());
    assertEquals(18_000_000, k.minimumKvps());
    assertEquals(18_000_000, k.kvps(), "an exact multiple stays as it is");
    assertEquals(0, k.kvps() % 8, "every instance gets the same share");
  }

  @Test
  void aFractionalProductIsRoundedUpNotDown() {
    // 1/3 kvps/s x 1980 s = 660 (659.99... or 660.00...1 in doubles): the minimum is 660, K one step of 1,000
    RunPlan.Kvps k = KvpsTarget.of(1.0 / 3, 1800, 10, 1);
    assertEquals(660, k.minimumKvps());
    assertEquals(1_000, k.kvps());
  }

  @Test
  void roundUp() {
    assertEquals(2_000, KvpsTarget.roundUp(1_001, 1_000));
    assertEquals(1_000, KvpsTarget.roundUp(1_000, 1_000));
    assertEquals(1_000, KvpsTarget.roundUp(0, 1_000), "at least one step");
    assertEquals(3, KvpsTarget.roundUp(3, 1));
  }

  @Test
  void noRateOrANegativeMarginCannotBePlanned() {
    assertThrows(IllegalArgumentException.class, () -> KvpsTarget.of(0, 1800, 20, 1));
    assertThrows(IllegalArgumentException.class, () -> KvpsTarget.of(Double.NaN, 1800, 20, 1));
    assertThrows(IllegalArgumentException.class, () -> KvpsTarget.of(100, 1800, -1, 1));
    assertThrows(IllegalArgumentException.class, () -> KvpsTarget.of(100, 1800, 20, 0));
  }

  @Test
  void theCalibrationIsSizedFromTheProbeInMultiplesOfP() {
    assertEquals(100_002, Calibration.calibrationKvps(10_000.1, 10, 3)); // 100,001 up to a multiple of 3
    assertEquals(4, Calibration.calibrationKvps(0, 10, 4), "at least one kvp per instance");
  }
}

package io.iotkit.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.RunPlan;
import org.junit.jupiter.api.Test;

class DiskNeedTest {

  @Test
  void aLocalServersGrowthPerReadingTimesAnIterationsReadings() {
    // the folder grew by 2,500,000 B for 1,000 readings: 2,500 B each; K = 1,000,000, so 2,000,000 per iteration
    RunPlan.Disk d = DiskNeed.measured(2_500_000, 1_000, 1_000_000, 10_000_000_000L, "/r");
    assertEquals("measured", d.method());
    assertEquals(2_500, d.bytesPerKvp(), 1e-9);
    assertEquals(2_000_000, d.iterationKvps());
    assertEquals(5e9, d.iterationBytes(), 1e-3);
    assertTrue(d.fits());
    assertTrue(d.derivation().contains("2,500,000 B / 1,000"), d.derivation());
  }

  @Test
  void tooLittleFreeSpaceDoesNotFit() {
    RunPlan.Disk d = DiskNeed.measured(2_500_000, 1_000, 1_000_000, 4_999_999_999L, "/r");
    assertFalse(d.fits());
  }

  @Test
  void anExternalSutsDiskIsTheReadingTimesItsCopies() {
    RunPlan.Disk d = DiskNeed.estimated(3, "dfs.replication", 1_000_000);
    assertEquals("estimated", d.method());
    assertEquals(3 * 1024, d.bytesPerKvp(), 1e-9);
    assertEquals(2_000_000 * 3 * 1024.0, d.iterationBytes(), 1e-3);
    assertNull(d.freeBytes());
    assertNull(d.fits(), "the free space of a SUT the kit cannot look into is not known");
    assertTrue(d.derivation().contains("replication factor 3 (dfs.replication)"), d.derivation());
  }

  @Test
  void aSinkNeedsNothingAndAShrinkingFolderCountsAsNoGrowth() {
    assertEquals(0, DiskNeed.estimated(0, "a sink keeps no copy", 1_000).iterationBytes(), 0);
    assertEquals(0, DiskNeed.measured(-5, 10, 1_000, 1, "/r").bytesPerKvp(), 0);
    assertThrows(IllegalArgumentException.class, () -> DiskNeed.measured(5, 0, 1_000, 1, "/r"));
  }
}

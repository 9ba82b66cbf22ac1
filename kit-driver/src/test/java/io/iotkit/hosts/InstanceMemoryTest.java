package io.iotkit.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class InstanceMemoryTest {
  private static final long GIB = 1L << 30;

  @Test
  void anInstanceCountsItsMaxHeapAndTheJvmBesideIt() {
    assertEquals(GIB + (192L << 20), InstanceMemory.perInstanceBytes(List.of("-Xms256m", "-Xmx1g"), 24 * GIB));
    assertEquals(6 * GIB + (192L << 20), InstanceMemory.perInstanceBytes(List.of(), 24 * GIB), "JVM default: 1/4");
  }

  @Test
  void thirtyTwoSinksFitOneTwentyFourGigabyteHostButNotThirtyTwoStoreClients() {
    assertNull(InstanceMemory.shortfall("this host", 32, InstanceMemory.defaultOptions("null"), 24 * GIB));
    String line = InstanceMemory.shortfall("this host", 32, InstanceMemory.defaultOptions("hbase"), 24 * GIB);
    assertTrue(line.startsWith("this host: 32 driver instances need 38.0 GiB"), line);
    assertTrue(line.contains("--hosts"), line);
    assertNull(InstanceMemory.shortfall("h", 32, List.of("-Xmx1g"), null), "unknown memory: nothing to say");
  }
}

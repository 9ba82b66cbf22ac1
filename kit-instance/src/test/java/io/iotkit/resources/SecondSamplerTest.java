package io.iotkit.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.OperatingSystemMXBean;
import io.iotkit.model.InstanceTotals;
import io.iotkit.model.ResourceSecond;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** A driver instance's second of resources, read when its frame is taken: this JVM's CPU as the JVM counts it. */
class SecondSamplerTest {

  @Test
  void aSecondHoldsTheCpuThisJvmUsedInIt() {
    assumeTrue(ProcReader.system().available(), "no /proc on this OS");
    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    SecondSampler sampler = SecondSampler.self("instance 0", "driver");
    sampler.baseline();
    long cpuBefore = os.getProcessCpuTime();
    long until = System.nanoTime() + 400_000_000L;
    long spin = 0;
    while (System.nanoTime() < until) {
      spin++; // busy: the second holds this JVM's CPU
    }
    ResourceSecond used = sampler.next();
    double jvmSeconds = (os.getProcessCpuTime() - cpuBefore) / 1e9;
    assertTrue(spin > 0);
    // /proc counts in 10 ms ticks and other threads of this JVM run too: within 0.1 s of what the JVM reports
    assertEquals(jvmSeconds, used.processCpuSeconds(), 0.1, "the JVM's CPU in the second");
    assertTrue(used.cpuUser() + used.cpuSystem() > 0, "the host was busy: " + used);
    assertTrue(used.processRssBytes() > 0 && used.memUsedBytes() > 0, used.toString());
    InstanceTotals.Sampled where = sampler.sampled();
    assertNotNull(where);
    assertEquals(ProcessHandle.current().pid(), where.pid());
    assertTrue(where.cpus() >= 1 && where.memTotalBytes() > 0, where.toString());
  }

  @Test
  void withoutABaselineNothingIsSampled() {
    SecondSampler sampler = SecondSampler.self("instance 0", "driver");
    assertSame(ResourceSecond.LOST, sampler.next());
    assertNull(sampler.sampled());
  }
}

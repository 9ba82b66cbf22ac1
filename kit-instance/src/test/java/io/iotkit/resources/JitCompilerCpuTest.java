package io.iotkit.resources;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class JitCompilerCpuTest {
  @Test
  void hotSpotsCompilerThreadsAreKnownByTheirTruncatedNames() {
    assertTrue(JitCompilerCpu.isCompiler("C1 CompilerThre"));
    assertTrue(JitCompilerCpu.isCompiler("C2 CompilerThre"));
    assertFalse(JitCompilerCpu.isCompiler("GC Thread#0"));
    assertFalse(JitCompilerCpu.isCompiler("insert-0"));
  }

  @Test
  void aRunningJvmsCompilersHaveUsedSomeOfItsCpu() {
    // by the time a test runs, the JIT has compiled JUnit's and the JDK's hot methods
    long jit = JitCompilerCpu.nanos();
    long process = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
    assertTrue(jit > 0, "compiler threads' CPU: " + jit);
    assertTrue(jit <= process, jit + " ns of " + process + " ns of the whole JVM");
  }
}

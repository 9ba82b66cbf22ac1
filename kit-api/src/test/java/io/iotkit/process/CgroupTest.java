package io.iotkit.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A process started through a group's wrapper is in the group from its start, and gets no more CPU than its quota. */
class CgroupTest {

  private static Cgroup groupOrSkip(SutLimits limits) {
    try {
      return Cgroup.create("test", limits);
    } catch (IOException e) {
      assumeTrue(false, "no cgroup can be made on this machine: " + e.getMessage());
      throw new AssertionError(e);
    }
  }

  @Test
  void aBusyProcessInTheGroupGetsItsQuotaOfCpu() throws Exception {
    Cgroup group = groupOrSkip(new SutLimits(0.2, 0));
    try {
      Process busy = new ProcessBuilder(group.wrap(List.of("sh", "-c", "while :; do :; done"))).start();
      try {
        Thread.sleep(3_000);
        assertTrue(group.holds(busy.pid()), "the wrapped command runs in the group: " + group.pids());
        Duration cpu = busy.toHandle().info().totalCpuDuration().orElseThrow();
        // 0.2 CPU for 3 s is 0.6 s; unconfined, a busy loop takes close to 3 s of a free CPU
        assertTrue(cpu.toMillis() < 1_200, "a 0.2-CPU quota held the busy loop to " + cpu.toMillis() + " ms in 3 s");
        assertTrue(cpu.toMillis() > 0, "the loop ran: " + cpu.toMillis() + " ms");
      } finally {
        busy.destroyForcibly().waitFor();
      }
    } finally {
      group.remove();
    }
  }

  @Test
  void removingTheGroupEndsWhatIsLeftInIt() throws Exception {
    Cgroup group = groupOrSkip(new SutLimits(1, 256L << 20));
    Process sleeper = new ProcessBuilder(group.wrap(List.of("sleep", "600"))).start();
    for (int i = 0; i < 50 && !group.holds(sleeper.pid()); i++) {
      Thread.sleep(100);
    }
    assertTrue(group.holds(sleeper.pid()));
    group.remove();
    assertFalse(sleeper.isAlive(), "a process left in the group is ended when the group goes");
    assertTrue(group.pids().isEmpty());
  }

  @Test
  void aTrackingGroupHoldsTheProcessAndEndsWhatIsLeft() throws Exception {
    Cgroup group = Cgroup.tracking("test").orElse(null);
    assumeTrue(group != null, "no cgroup can be made on this machine");
    Process busy = new ProcessBuilder(group.wrap(List.of("sh", "-c", "while :; do :; done"))).start();
    try {
      for (int i = 0; i < 50 && !group.holds(busy.pid()); i++) {
        Thread.sleep(100);
      }
      assertTrue(group.holds(busy.pid()));
    } finally {
      group.remove();
    }
    assertFalse(busy.isAlive(), "removing the group ended the loop");
  }

  @Test
  void theEmptyGroupOfAKitThatIsGoneIsRemovedWhenTheNextGroupIsMade() throws Exception {
    Cgroup first = Cgroup.tracking("test").orElse(null);
    assumeTrue(first != null, "no cgroup can be made on this machine");
    // the wrapper names the group's cgroup.procs file after the shell's script and its name
    Path hierarchy = Path.of(first.wrap(List.of()).get(4)).getParent().getParent();
    first.remove();
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path abandoned = Files.createDirectory(hierarchy.resolve("iotkit-test-" + gone.pid() + "-1"));
    Path live = Files.createDirectory(hierarchy.resolve("iotkit-test-" + ProcessHandle.current().pid() + "-999999"));
    try {
      Cgroup.tracking("test").orElseThrow().remove();
      assertFalse(Files.exists(abandoned), "the group of a kit no longer running is removed");
      assertTrue(Files.exists(live), "the group of a running kit stays, empty or not");
    } finally {
      Files.deleteIfExists(abandoned);
      Files.deleteIfExists(live);
    }
  }

  @Test
  void limitsAreDescribedAndSizesRead() {
    assertEquals("0.6 CPU and 6 GiB of memory", new SutLimits(0.6, 6L << 30).describe());
    assertEquals("1.5 CPUs", new SutLimits(1.5, 0).describe());
    assertEquals(512L << 20, SutLimits.parseMemory("512m"));
    assertTrue(SutLimits.NONE.none());
  }

  @Test
  void aServerHeldToAFifthOfACpuHasFiveTimesTheTimeToStart() {
    assertEquals(Duration.ofSeconds(900), ChildJvmServer.confined(Duration.ofSeconds(180), new SutLimits(0.2, 0)));
    assertEquals(Duration.ofSeconds(180), ChildJvmServer.confined(Duration.ofSeconds(180), new SutLimits(1.5, 0)));
    assertEquals(Duration.ofSeconds(180), ChildJvmServer.confined(Duration.ofSeconds(180), SutLimits.NONE));
  }
}

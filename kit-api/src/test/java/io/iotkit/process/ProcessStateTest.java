package io.iotkit.process;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The kernel's word on a process: scheduled, stopped, or exited and waiting to be reaped. */
class ProcessStateTest {

  @Test
  void aSleepingProcessIsScheduledAStoppedOneIsNot() throws Exception {
    Process p = new ProcessBuilder("sleep", "30").start();
    try {
      assertTrue(ProcessState.scheduled(p.pid()));
      assertFalse(ProcessState.stopped(p.pid()));
      new ProcessBuilder("kill", "-STOP", Long.toString(p.pid())).start().waitFor();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (!ProcessState.stopped(p.pid()) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(ProcessState.stopped(p.pid()));
      assertFalse(ProcessState.scheduled(p.pid()));
      assertFalse(ProcessState.exited(p.pid()));
    } finally {
      p.destroyForcibly().waitFor();
    }
  }

  @Test
  void aChildThatExitedUnreapedHasExitedThoughItsPidStillShows() throws Exception {
    // the shell starts a short child, then becomes a sleep that never reaps it: a zombie for 5 s
    Process parent = new ProcessBuilder("sh", "-c", "sleep 0.2 & exec sleep 5").start();
    try {
      long child = -1;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (child < 0 && System.nanoTime() < deadline) {
        child = parent.toHandle().children().mapToLong(ProcessHandle::pid).findFirst().orElse(-1);
        Thread.sleep(20);
      }
      assertTrue(child > 0, "the short child was never seen");
      long c = child;
      while (!ProcessState.exited(c) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(ProcessState.exited(c), "a zombie is exited");
      assertFalse(ProcessState.scheduled(c));
    } finally {
      parent.destroyForcibly().waitFor();
    }
  }
}

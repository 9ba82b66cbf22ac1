package io.iotkit.cli;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the kit does on Ctrl-C or kill while a command runs: every process it started (driver instances, local
 * servers) is stopped before the JVM ends. The command's own thread then sees a SUT gone or instances ended, which
 * the kit caused itself: a command that asks {@link #proceedUnlessStopping()} before it writes its outcome waits
 * for the JVM's end instead, and its folder stays marked incomplete.
 */
final class StopHook {
  private static final AtomicBoolean STOPPING = new AtomicBoolean();
  private final Thread hook;

  private StopHook(Thread hook) {
    this.hook = hook;
  }

  /** Installs the hook; {@code first} runs in it before the processes are stopped (may be null). */
  static StopHook install(Runnable first) {
    Thread hook = new Thread(() -> {
      STOPPING.set(true);
      if (first != null) {
        first.run();
      }
      stopChildren();
    }, "stop-children");
    Runtime.getRuntime().addShutdownHook(hook);
    return new StopHook(hook);
  }

  /** Returns at once unless the kit is being stopped; then it never returns, as the JVM ends. */
  void proceedUnlessStopping() {
    if (STOPPING.get()) {
      awaitTheEnd();
    }
  }

  /** Removes the hook once the command's outcome is written; while the kit is being stopped, waits for its end. */
  void remove() {
    proceedUnlessStopping();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shutdownInProgress) { // the stop began since the check above
      awaitTheEnd();
    }
  }

  private static void awaitTheEnd() {
    while (true) {
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        // the JVM ends this thread when its hooks are done
      }
    }
  }

  /** No instance or server the kit started may outlive it. */
  private static void stopChildren() {
    List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
    children.forEach(ProcessHandle::destroy);
    // one deadline for all of them: they stop side by side, so a slow one must not add its wait to the others'
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    for (ProcessHandle h : children) {
      try {
        h.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (Exception e) {
        h.destroyForcibly();
      }
    }
  }
}

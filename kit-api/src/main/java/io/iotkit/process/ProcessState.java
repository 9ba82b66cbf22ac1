package io.iotkit.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the kernel says of a process on this machine (the state letter of /proc/PID/stat): whether it is scheduled
 * at all. A process that is scheduled (running, sleeping, in disk wait) but silent is slow; one that is stopped
 * (SIGSTOP, a debugger) or gone will not speak again until someone acts.
 */
public final class ProcessState {
  private ProcessState() {
  }

  /** Whether the process runs, sleeps or waits for the disk: not stopped, not traced, not a zombie, not gone. */
  public static boolean scheduled(long pid) {
    char s = state(pid);
    return s == 'R' || s == 'S' || s == 'D';
  }

  /** Whether the process is stopped (SIGSTOP) or traced. */
  public static boolean stopped(long pid) {
    char s = state(pid);
    return s == 'T' || s == 't';
  }

  /**
   * Whether the process has exited and waits to be reaped (a zombie): its parent may not yet know, as a JVM's
   * reaper thread on a loaded machine can trail the exit by seconds.
   */
  public static boolean exited(long pid) {
    char s = state(pid);
    return s == 'Z' || s == 'X';
  }

  /** The state letter, or '?' where /proc does not show the process. */
  static char state(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      return stat.charAt(stat.lastIndexOf(')') + 2); // the name in parentheses may hold spaces
    } catch (IOException | RuntimeException e) {
      return '?';
    }
  }
}

package io.iotkit.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a test keeps of a kit that did not end in time, before it is killed: a thread dump of every JVM of the
 * kit (the master, its instances, a local server), so a hang seen once in CI can be read afterwards. The dumps
 * go to a file beside the kit's console output and to the test's own output, and where the master's main thread
 * waits goes into the test's failure message, the one line CI always shows.
 */
final class HungKit {
  private HungKit() {
  }

  /** Dumps the threads of every JVM of the kit into {@code into}; returns the master's main thread's top frames. */
  static String dumpThreads(Process kit, Path into) {
    String masterMain = "(the master's main thread was not found)";
    List<ProcessHandle> all = new ArrayList<>(List.of(kit.toHandle()));
    kit.descendants().forEach(all::add);
    StringBuilder dumps = new StringBuilder();
    for (ProcessHandle p : all) {
      String cmd = p.info().commandLine().orElse("?");
      if (!cmd.contains("java")) {
        continue;
      }
      String threads = jcmdThreads(p.pid());
      dumps.append("=== pid ").append(p.pid()).append(": ").append(cmd, 0, Math.min(cmd.length(), 300))
          .append('\n').append(threads).append('\n');
      if (cmd.contains("io.iotkit.cli.Main")) {
        masterMain = topFrames(threads, "\"main\"", 8);
        if (threads.contains("\"stop-children\" ")) { // the kit is stopping: where its shutdown waits
          masterMain += "; its stop-children hook: " + topFrames(threads, "\"stop-children\"", 6);
        }
      }
    }
    System.out.println("threads of the kit that did not finish:\n" + dumps);
    try {
      Files.writeString(into, dumps);
    } catch (IOException e) {
      System.out.println("could not keep the thread dumps in " + into + ": " + e.getMessage());
    }
    return masterMain;
  }

  /** The first {@code n} frames of the named thread in a jcmd dump, innermost first, as Class.method. */
  static String topFrames(String dump, String threadName, int n) {
    List<String> frames = new ArrayList<>();
    boolean inThread = false;
    for (String line : dump.split("\n")) {
      if (line.startsWith("\"")) {
        if (inThread) {
          break;
        }
        inThread = line.startsWith(threadName + " ");
      } else if (inThread && line.strip().startsWith("at ") && frames.size() < n) {
        String frame = line.strip().substring(3);
        int paren = frame.indexOf('(');
        frame = paren < 0 ? frame : frame.substring(0, paren);
        int dot = frame.lastIndexOf('.', frame.lastIndexOf('.') - 1);
        frames.add(dot < 0 ? frame : frame.substring(dot + 1));
      }
    }
    return frames.isEmpty() ? "(no frames of " + threadName + ")" : String.join(" < ", frames);
  }

  private static String jcmdThreads(long pid) {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    try {
      Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print").redirectErrorStream(true)
          .start();
      String out = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
      return out;
    } catch (IOException e) {
      return "(no thread dump: " + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(no thread dump: interrupted)";
    }
  }
}

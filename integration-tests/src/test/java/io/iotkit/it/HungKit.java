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
 * go to a file beside the kit's console output and to the test's own output.
 */
final class HungKit {
  private HungKit() {
  }

  static void dumpThreads(Process kit, Path into) {
    List<ProcessHandle> all = new ArrayList<>(List.of(kit.toHandle()));
    kit.descendants().forEach(all::add);
    StringBuilder dumps = new StringBuilder();
    for (ProcessHandle p : all) {
      String cmd = p.info().commandLine().orElse("?");
      if (!cmd.contains("java")) {
        continue;
      }
      dumps.append("=== pid ").append(p.pid()).append(": ").append(cmd, 0, Math.min(cmd.length(), 300))
          .append('\n').append(jcmdThreads(p.pid())).append('\n');
    }
    System.out.println("threads of the kit that did not finish:\n" + dumps);
    try {
      Files.writeString(into, dumps);
    } catch (IOException e) {
      System.out.println("could not keep the thread dumps in " + into + ": " + e.getMessage());
    }
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

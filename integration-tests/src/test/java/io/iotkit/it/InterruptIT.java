package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C in the middle of a run leaves no driver instance and no server behind. */
class InterruptIT {

  @Test
  void interruptStopsEveryChild(@TempDir Path work) throws Exception {
    Path results = work.resolve("results");
    KitProcess k = KitProcess.startReachableByCtrlC(work, "-p", "2", "-k", "4000000", "--results",
        results.toString());
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
    while (!Files.readString(k.stdout).contains("iteration 1: warmup ...")) {
      assertTrue(k.process.isAlive(), "the kit ended early: " + Files.readString(k.stderr));
      assertTrue(System.nanoTime() < deadline, "the warmup never started");
      Thread.sleep(500);
    }
    Thread.sleep(5_000); // instances are up and inserting
    Path runDir = KitProcess.onlyRunDir(results);
    assertTrue(!KitProcess.leftovers(runDir.toString()).isEmpty(), "instances and server were running");

    new ProcessBuilder("kill", "-INT", Long.toString(k.process.pid())).start().waitFor();
    if (!k.process.waitFor(2, TimeUnit.MINUTES)) {
      String where = HungKit.dumpThreads(k.process, work.resolve("threads-at-timeout.txt"));
      k.process.descendants().forEach(ProcessHandle::destroyForcibly);
      k.process.destroyForcibly();
      throw new AssertionError("the kit did not exit within 2 minutes of Ctrl-C; the master's main thread: " + where);
    }
    KitProcess.assertNothingLeft(runDir, 30);
    // an interrupted run's folder says so, and holds nothing that looks like a whole result
    assertTrue(Files.exists(runDir.resolve(RunFolder.INCOMPLETE)), "the run folder is marked incomplete");
    assertFalse(Files.exists(runDir.resolve(RunFolder.RESULT)), "no result.json for an interrupted run");
    KitProcess.Finished report = KitProcess.run(work, 2, "report", runDir.toString());
    assertEquals(2, report.exitCode());
    assertTrue(report.stderr().contains("the run did not finish"), report.stderr());
  }
}

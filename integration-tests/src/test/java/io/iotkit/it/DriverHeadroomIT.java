package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.DriverHeadroom;
import io.iotkit.model.IterationResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's headroom, certified from what a run measures: a paced run on an idle machine has it; the same run
 * while a busy loop holds every CPU of the driver's host is told the driver could have limited its result.
 */
class DriverHeadroomIT {
  private static final String[] PACED = {"-b", "null", "-p", "1", "-k", "4000", "--rate", "1000"};

  @Test
  void aDriverHeldBackByABusyLoopOnItsCpusIsCertifiedAsAPossibleLimit(@TempDir Path work) throws Exception {
    KitProcess.CompletedRun idle = KitProcess.runToCompletion(Files.createDirectories(work.resolve("idle")), PACED);
    for (IterationResult it : idle.result().iterations()) {
      DriverHeadroom h = it.measured().driverHeadroom();
      assertTrue(h.warnings().isEmpty(), "an idle host paced at 1,000 kvps/s: " + h.text());
      assertTrue(h.pacingWaitShare() > 0.5, "most of the paced threads' time is the schedule's: " + h.text());
    }
    AtomicBoolean spin = new AtomicBoolean(true);
    List<Thread> loops = new ArrayList<>();
    for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
      Thread t = new Thread(() -> {
        long n = 0;
        while (spin.get()) {
          n++;
        }
        if (n == 42) {
          System.out.print(""); // keeps the loop from being optimised away
        }
      }, "busy-" + i);
      t.setDaemon(true);
      t.start();
      loops.add(t);
    }
    try {
      KitProcess.CompletedRun busy = KitProcess.runToCompletion(Files.createDirectories(work.resolve("busy")), PACED);
      for (IterationResult it : busy.result().iterations()) {
        DriverHeadroom h = it.measured().driverHeadroom();
        assertFalse(h.warnings().isEmpty(), "a busy loop on every CPU: " + h.text());
        assertTrue(h.warnings().get(0).startsWith("driver host "), h.warnings().toString());
        assertTrue(h.hosts().get(0).busyShare() > DriverHeadroom.HOST_BUSY_LIMIT, h.text());
      }
      assertTrue(busy.process().stdout().contains("the driver could have limited the result"),
          busy.process().stdout());
    } finally {
      spin.set(false);
      for (Thread t : loops) {
        t.join();
      }
    }
  }
}

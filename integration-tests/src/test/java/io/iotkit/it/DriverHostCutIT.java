package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.iotkit.model.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver host cut off mid-execution: the link to the host in another network namespace goes down, as a pulled
 * cable, or stays up while every packet through it is dropped; no connection closes either way. The master ends the
 * run on the instances' silence with a line naming the host, and the instances on the host, which then hear nothing
 * from their master, end themselves: none is left writing into a store the next run would use. A cut shorter than
 * the silence limits is only a pause: the run goes on and holds every reading.
 */
class DriverHostCutIT {
  /** The master's silence limit (8 s) and its look interval, with room for a busy 2-CPU machine. */
  private static final long RUN_ENDS_WITHIN_MILLIS = 30_000;
  /** The instances' own limit without a line from the master (20 s), with the same room. */
  private static final long INSTANCES_END_WITHIN_MILLIS = 40_000;

  /** How the host is cut off, and how it is let back. */
  enum Cut {
    LINK_DOWN, PACKETS_DROPPED;

    void apply(OtherNetworkHost host, boolean cut) throws Exception {
      if (this == LINK_DOWN) {
        host.link(!cut);
      } else {
        host.dropPackets(cut);
      }
    }
  }

  @Test
  void aHostWhoseLinkGoesDownEndsTheRunAndItsInstancesEndThemselves(@TempDir Path work) throws Exception {
    aHostCutOffEndsTheRunAndItsInstancesEndThemselves(Cut.LINK_DOWN, work);
  }

  @Tag("wide")
  @Test
  void aHostWhosePacketsAreDroppedEndsTheRunAndItsInstancesEndThemselves(@TempDir Path work) throws Exception {
    aHostCutOffEndsTheRunAndItsInstancesEndThemselves(Cut.PACKETS_DROPPED, work);
  }

  private static void aHostCutOffEndsTheRunAndItsInstancesEndThemselves(Cut how, Path work) throws Exception {
    OtherNetworkHost host = OtherNetworkHost.get().orElse(null);
    assumeTrue(host != null, "no network namespace can be made here");
    KitProcess k = KitProcess.startRun(work, OtherNetworkHost.place(work, "-b", "kafka", "-p", "2", "-k", "4000000",
        "--progress-interval", "1"));
    Path runDir = awaitWarmupWriting(k, work);
    assertFalse(host.runProcesses(k, runDir).isEmpty(), "the instances run on the host");
    long cut = System.nanoTime();
    how.apply(host, true);
    try {
      assertTrue(k.process.waitFor(2, TimeUnit.MINUTES), "the kit did not end within 2 minutes of the cut");
      long runMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cut);
      System.out.println(how + ": cut to the kit's exit: " + runMillis + " ms");
      String err = Files.readString(k.stderr).strip();
      assertEquals(1, k.process.exitValue(), err);
      assertEquals(1, err.lines().count(), "one line: " + err);
      assertTrue(err.contains("silent") && err.contains(host.address()), err);
      assertTrue(runMillis < RUN_ENDS_WITHIN_MILLIS, "the kit ended " + runMillis + " ms after the cut");
      assertEquals(RunStatus.ABORTED, KitProcess.result(runDir).status());

      List<String> left = host.runProcesses(k, runDir);
      while (!left.isEmpty() && System.nanoTime() - cut < TimeUnit.MILLISECONDS.toNanos(INSTANCES_END_WITHIN_MILLIS)) {
        Thread.sleep(200);
        left = host.runProcesses(k, runDir);
      }
      System.out.println(how + ": cut to the host's last instance's end: "
          + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cut) + " ms");
      assertEquals(List.of(), left, "the cut-off host's instances ended themselves");
    } finally {
      how.apply(host, false);
    }
  }

  /** A 3 s cut, under the master's 8 s silence limit: the run goes on, completes and loses nothing. */
  @Tag("wide")
  @Test
  void aShortCutIsOnlyAPause(@TempDir Path work) throws Exception {
    OtherNetworkHost host = OtherNetworkHost.get().orElse(null);
    assumeTrue(host != null, "no network namespace can be made here");
    KitProcess k = KitProcess.startRun(work, OtherNetworkHost.place(work, "-b", "kafka", "-p", "2", "-k", "200000",
        "--progress-interval", "1"));
    awaitWarmupWriting(k, work);
    host.link(false);
    try {
      Thread.sleep(3_000);
    } finally {
      host.link(true);
    }
    KitProcess.CompletedRun run = k.completed(work);
    KitProcess.assertExactDataChecks(run.result(), 200_000);
  }

  /** Waits until the warmup has written its first readings; returns the run's folder. */
  private static Path awaitWarmupWriting(KitProcess k, Path work) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    while (!Files.readString(k.stdout).matches("(?s).*warmup +\\d+% [1-9][\\d,]*/.*")) {
      assertTrue(k.process.isAlive(), "the kit ended early: " + Files.readString(k.stderr));
      assertTrue(System.nanoTime() < deadline, "the warmup never wrote");
      Thread.sleep(200);
    }
    return KitProcess.onlyRunDir(work.resolve("results"));
  }
}

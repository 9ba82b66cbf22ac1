package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.model.IterationResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headline's P = 32 on one host: 32 instance JVMs on the machine's CPUs, each finishing while the master reads
 * the others, and none of them taken for dead. P = 64 runs with {@code -Dit.wide=true}.
 */
class ManyInstancesIT {

  @Test
  void thirtyTwoInstancesOnOneHostCompleteBothIterations(@TempDir Path work) throws Exception {
    completes(work, 32);
  }

  @Tag("wide")
  @Test
  void sixtyFourInstancesOnOneHostCompleteBothIterations(@TempDir Path work) throws Exception {
    completes(work, 64);
  }

  /**
   * P instances of the sink, paced at 200 kvps/s each so the host holds them, 1,000 kvps each per execution; their
   * JVMs compile with C1 only, which starts 32 of them on two CPUs sooner and is fast enough for 200 kvps/s.
   */
  private static void completes(Path work, int p) throws Exception {
    long kvps = 1_000L * p;
    KitProcess.CompletedRun run = KitProcess.runToCompletion(work, "-b", "null", "-p", Integer.toString(p), "-k",
        Long.toString(kvps), "--rate", "200", "--instance-jvm-options",
        "-Xms32m -Xmx96m -XX:+UseSerialGC -XX:TieredStopAtLevel=1");
    for (IterationResult it : run.result().iterations()) {
      assertEquals(kvps, it.warmup().acknowledged(), "every instance's warmup readings counted");
      assertEquals(kvps, it.measured().acknowledged(), "every instance's measured readings counted");
      assertEquals(p, it.measured().instances().size(), "a result from each of the " + p + " instances");
    }
  }
}

package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server started on its own (bin/tpcx-iot.sh server) and a run pointed at it through binding properties:
 * the kit connects instead of starting one, and cannot restart what it does not own without a command.
 */
class ExternalServerIT {

  @Test
  void runAgainstAServerTheKitDidNotStart(@TempDir Path work) throws Exception {
    Path serverDir = work.resolve("hbase");
    KitProcess server = KitProcess.start(Files.createDirectories(work.resolve("server")), "server", "-b", "hbase",
        "--dir", serverDir.toString());
    try {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
      while (!Files.readString(server.stdout).contains("ready;")) {
        assertTrue(server.process.isAlive(), "the server command ended: " + Files.readString(server.stderr));
        assertTrue(System.nanoTime() < deadline, "the server never became ready");
        Thread.sleep(500);
      }
      Path props = serverDir.resolve("binding.properties");
      KitProcess.Finished f = KitProcess.run(Files.createDirectories(work.resolve("run")), 8, "-p", "1",
          "-k", "20000", "--binding-properties", props.toString(), "--results", work.resolve("results").toString());
      assertEquals(0, f.exitCode(), f.stderr());
      RunResult r = KitProcess.result(KitProcess.onlyRunDir(work.resolve("results")));
      assertEquals(RunStatus.COMPLETED, r.status());
      assertTrue(r.sut().contains(props.toString()), "the report names the configured SUT: " + r.sut());
      for (var it : r.iterations()) {
        assertEquals(40_000, it.storedReadings());
      }
      CheckResult restart = r.cleanup().stream().filter(c -> c.name().contains("restarted")).findFirst().orElseThrow();
      assertFalse(restart.passed(), "without sut.restart.command the kit cannot restart an external SUT");
      assertTrue(restart.measured().text().contains("sut.restart.command"));
    } finally {
      server.process.destroy(); // as Ctrl-C: the server command stops its server
      assertTrue(server.process.waitFor(2, TimeUnit.MINUTES));
    }
    long gone = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!KitProcess.leftovers(serverDir.toString()).isEmpty() && System.nanoTime() < gone) {
      Thread.sleep(500);
    }
    assertEquals(List.of(), KitProcess.leftovers(serverDir.toString()), "the server stopped with its command");
  }
}

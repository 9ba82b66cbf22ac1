package io.iotkit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CPUs split between client and server, and taskset's pinning of a real process tree. */
class CpuSplitTest {

  @Test
  void theClientGetsTheFirstHalfAndTheServerTheRest() {
    assertEquals(new CpuSplit("0", "1"), CpuSplit.halves(2));
    assertEquals(new CpuSplit("0,1", "2,3,4"), CpuSplit.halves(5));
    assertThrows(IllegalArgumentException.class, () -> CpuSplit.halves(1));
  }

  @Test
  void aServerAndWhatRunsUnderItArePinned() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/status")) && Runtime.getRuntime().availableProcessors() >= 2,
        "Linux with 2 CPUs or more");
    // a "server" with a child of its own
    Process server = new ProcessBuilder("sh", "-c", "sleep 30 & wait").start();
    try {
      long child = 0;
      for (int i = 0; i < 100 && child == 0; i++) {
        child = server.toHandle().children().findFirst().map(ProcessHandle::pid).orElse(0L);
        Thread.sleep(20);
      }
      assertTrue(child > 0, "the shell started its sleep");
      CpuSplit split = new CpuSplit("0", "1");
      split.pinServer(List.of(server.pid()));
      assertEquals("1", allowed(server.pid()));
      assertEquals("1", allowed(child));
      IOException gone = assertThrows(IOException.class, () -> split.pinServer(List.of(Long.MAX_VALUE / 2)));
      assertTrue(gone.getMessage().contains("taskset could not pin process"), gone.getMessage());
    } finally {
      server.descendants().forEach(ProcessHandle::destroy);
      server.destroy();
    }
  }

  private static String allowed(long pid) throws IOException {
    return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream()
        .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow().split(":")[1].strip();
  }
}

package io.iotkit.resources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.ResourceUsage.HostUsage;
import io.iotkit.model.ResourceUsage.ProcessUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** From consecutive readings to per-second series, without waiting for real seconds. */
class TracksTest {
  private static final long SECOND = 1_000_000_000L;

  private static ProcReader.Host host(long second, long user, long system, long iowait, long avail, long diskW,
                                      long rx) {
    return new ProcReader.Host(second * SECOND, new ProcText.CpuTicks(user, system, iowait, 4), 8L << 30, avail,
        new ProcText.Bytes(0, diskW), new ProcText.Bytes(rx, 0));
  }

  @Test
  void hostElementsAreDeltasPerSecondOfTheReadingsAround() {
    HostTrack t = new HostTrack();
    t.add(host(0, 1_000, 500, 10, 6L << 30, 4096, 100));
    t.add(host(1, 1_150, 530, 10, 5L << 30, 4096 + 1024, 300)); // 1.5 CPUs user, 0.3 system
    t.add(host(3, 1_350, 530, 50, 5L << 30, 4096 + 1024, 300)); // a late reading: 2 s, 200 ticks = 1 CPU
    HostUsage u = t.usage("box", List.of("master"), 10);
    assertArrayEquals(new double[] {1.5, 1.0}, u.cpuUser(), 1e-9);
    assertArrayEquals(new double[] {0.3, 0.0}, u.cpuSystem(), 1e-9);
    assertArrayEquals(new double[] {0.0, 0.2}, u.cpuIowait(), 1e-9);
    assertArrayEquals(new long[] {3L << 30, 3L << 30}, u.memUsedBytes());
    assertArrayEquals(new long[] {1024, 0}, u.diskWriteBytes());
    assertArrayEquals(new long[] {200, 0}, u.netRxBytes());
    assertEquals(4, u.cpus());
    assertEquals(1, t.usage("box", List.of(), 1).seconds(), "cut to the execution's seconds");
  }

  @Test
  void aProcessSeenLateHasZerosBeforeAndOneWithoutIoIsNotReadable() {
    WatchedProcess node = new WatchedProcess("regionserver 1", "sut", 77);
    ProcessTrack t = new ProcessTrack(node, 2); // first seen at the end of second 2
    t.add(Optional.of(new ProcReader.Process(0, 5_000, 900L << 20, null)), false);
    t.add(Optional.of(new ProcReader.Process(0, 5_050, 901L << 20, null)), false);
    t.add(Optional.empty(), false); // gone
    ProcessUsage u = t.usage("box", 6);
    assertArrayEquals(new double[] {0, 0, 0, 0.5, 0, 0}, u.cpuSeconds(), 1e-9);
    assertArrayEquals(new long[] {0, 0, 900L << 20, 901L << 20, 0, 0}, u.rssBytes());
    assertFalse(u.diskMeasured(), "its /proc/PID/io was not readable: not 0 but not measured");
    assertEquals(null, u.diskWriteBytes());
  }

  /**
   * A process's network is its own sockets' bytes since the reading before: one open at the first reading counts
   * from there, one opened later from its opening; a socket of another process and one gone are not counted.
   */
  @Test
  void aProcessCountsItsOwnSocketsSinceTheReadingBefore() {
    ProcessTrack t = new ProcessTrack(new WatchedProcess("instance 0", "driver", 9), 0);
    ProcReader.Process p = new ProcReader.Process(0, 100, 1 << 20, null);
    Map<Long, ProcText.Bytes> host0 = Map.of(1L, new ProcText.Bytes(5_000, 7_000), 99L, new ProcText.Bytes(1, 1));
    t.add(Optional.of(p), new ProcessTrack.Sockets(host0, Set.of(1L)), true); // baseline: 5,000 / 7,000 before
    Map<Long, ProcText.Bytes> host1 = Map.of(1L, new ProcText.Bytes(6_000, 9_000), 2L, new ProcText.Bytes(300, 400),
        99L, new ProcText.Bytes(50_000, 50_000));
    t.add(Optional.of(p), new ProcessTrack.Sockets(host1, Set.of(1L, 2L, 3L)), false); // 3: listening, not listed
    t.add(Optional.of(p), ProcessTrack.Sockets.NONE, false); // ss failed this second
    Map<Long, ProcText.Bytes> host3 = Map.of(2L, new ProcText.Bytes(1_300, 1_400));
    t.add(Optional.of(p), new ProcessTrack.Sockets(host3, Set.of(2L)), false); // 1 closed
    ProcessUsage u = t.usage("box", 3);
    assertTrue(u.netMeasured());
    assertArrayEquals(new long[] {1_000 + 300, 0, 1_000}, u.netRxBytes());
    assertArrayEquals(new long[] {2_000 + 400, 0, 1_000}, u.netTxBytes());
  }

  @Test
  void aProcessWhoseSocketsWereNotReadAtFirstHasNoNetwork() {
    ProcessTrack t = new ProcessTrack(new WatchedProcess("broker 1", "sut", 9), 0);
    ProcReader.Process p = new ProcReader.Process(0, 100, 1 << 20, null);
    t.add(Optional.of(p), true);
    t.add(Optional.of(p), false);
    ProcessUsage u = t.usage("box", 1);
    assertFalse(u.netMeasured(), "no ss: not measured, which is not 0");
    assertEquals(null, u.netRxBytes());
  }

  @Test
  void readerFindsAProcessTreesSocketsAmongItsOpenFiles(@TempDir Path dir) throws Exception {
    Path proc = Files.createDirectories(dir.resolve("proc"));
    process(proc, 42, "1 1 0 0", 1024, 512, "43");
    process(proc, 43, "1 1 0 0", 1024, 512, "");
    Path fd42 = Files.createDirectories(proc.resolve("42/fd"));
    Files.createSymbolicLink(fd42.resolve("3"), Path.of("socket:[1001]"));
    Files.createSymbolicLink(fd42.resolve("4"), Path.of("/var/lib/data/file"));
    Path fd43 = Files.createDirectories(proc.resolve("43/fd"));
    Files.createSymbolicLink(fd43.resolve("7"), Path.of("socket:[1002]"));
    ProcReader r = new ProcReader(proc, dir.resolve("block"));
    assertEquals(Set.of(1001L, 1002L), r.socketInodes(r.process(42, true).orElseThrow().pids()));
    assertEquals(Set.of(1001L), r.socketInodes(r.process(42, false).orElseThrow().pids()));
    assertEquals(Set.of(), r.socketInodes(List.of(44L)), "gone: none");
  }

  @Test
  void readerReadsAFixtureProcAndMissesANonexistentProcess(@TempDir Path dir) throws Exception {
    Path proc = Files.createDirectories(dir.resolve("proc"));
    Path block = Files.createDirectories(dir.resolve("block"));
    Files.createDirectories(block.resolve("sda"));
    Files.writeString(proc.resolve("stat"), "cpu  10 2 3 100 4 0 5 0 0 0\ncpu0 10 2 3 100 4 0 5 0 0 0\n");
    Files.writeString(proc.resolve("meminfo"), "MemTotal: 1000 kB\nMemAvailable: 250 kB\n");
    Files.writeString(proc.resolve("diskstats"), "8 0 sda 1 0 8 0 1 0 16 0 0 0 0\n8 1 sda1 1 0 8 0 1 0 16 0 0 0 0\n");
    Files.createDirectories(proc.resolve("self"));
    Files.writeString(proc.resolve("self/stat"), "1 (x) S 0 0 0 0 0 0 0 0 0 0 0 0\n");
    Path pid = Files.createDirectories(proc.resolve("42"));
    Files.writeString(pid.resolve("stat"), "42 (java) S 1 42 42 0 -1 0 0 0 0 0 70 30 0 0 20 0 1 0 1 0 0\n");
    Files.writeString(pid.resolve("status"), "Name:\tjava\nVmRSS:\t 2048 kB\n");
    ProcReader r = new ProcReader(proc, block);
    assertTrue(r.available());
    ProcReader.Host h = r.host();
    assertEquals(12, h.cpu().user());
    assertEquals(8, h.cpu().system());
    assertEquals(750 * 1024, h.memTotalBytes() - h.memAvailableBytes());
    assertEquals(16 * 512, h.disk().written(), "sda only, not its partition");
    assertEquals(0, h.net().read(), "no net/dev: nothing counted");
    ProcReader.Process p = r.process(42, true).orElseThrow();
    assertEquals(100, p.ticks());
    assertEquals(2 << 20, p.rssBytes());
    assertEquals(null, p.io(), "no io file: not readable");
    assertTrue(r.process(43, false).isEmpty());
    assertFalse(new ProcReader(dir.resolve("nowhere"), block).available(), "no /proc: nothing to sample");
  }

  /**
   * A server's workers count as the server's: a postmaster (42) with a backend (43) that has a child of its own
   * (44) and one that has exited and been reaped (its CPU in 42's cutime/cstime); memory as each one's Pss.
   */
  @Test
  void aServerProcessCountsTheProcessesUnderIt(@TempDir Path dir) throws Exception {
    Path proc = Files.createDirectories(dir.resolve("proc"));
    process(proc, 42, "70 30 5 1", 8192, 1024, "43");
    process(proc, 43, "10 5 0 0", 4096, 512, "44");
    process(proc, 44, "1 1 0 0", 2048, 256, "");
    Files.writeString(proc.resolve("43/io"), "read_bytes: 100\nwrite_bytes: 200\n");
    Files.writeString(proc.resolve("42/io"), "read_bytes: 1\nwrite_bytes: 2\n");
    ProcReader r = new ProcReader(proc, dir.resolve("block"));

    ProcReader.Process tree = r.process(42, true).orElseThrow();
    assertEquals(70 + 30 + 5 + 1 + 10 + 5 + 1 + 1, tree.ticks(), "own, reaped children's and live descendants' CPU");
    assertEquals((1024 + 512 + 256) * 1024, tree.rssBytes(), "the Pss of each, so shared pages count once");
    assertEquals(101, tree.io().read(), "io of those whose io is readable (44's is not)");
    assertEquals(202, tree.io().written());

    ProcReader.Process alone = r.process(42, false).orElseThrow();
    assertEquals(70 + 30, alone.ticks(), "alone: its own CPU, not the children it reaped (watched apart, as the"
        + " master's instances are)");
    assertEquals(8192 * 1024, alone.rssBytes(), "alone: its resident set");
  }

  private static void process(Path proc, int pid, String cpu, int rssKb, int pssKb, String children)
      throws Exception {
    Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
    Files.writeString(dir.resolve("stat"), pid + " (postgres) S 1 42 42 0 -1 0 0 0 0 0 " + cpu + " 20 0 1 0 1 0 0\n");
    Files.writeString(dir.resolve("status"), "Name:\tpostgres\nVmRSS:\t " + rssKb + " kB\n");
    Files.writeString(dir.resolve("smaps_rollup"), "Rss: " + rssKb + " kB\nPss: " + pssKb + " kB\n");
    Path task = Files.createDirectories(dir.resolve("task/" + pid));
    Files.writeString(task.resolve("children"), children.isEmpty() ? "" : children + " ");
  }
}

package io.iotkit.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.iotkit.model.Clock;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResourceUsage.HostUsage;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stream a SUT host's sampling session prints, parsed block by block. */
class ProcStreamTest {
  private static final String M = ProcStream.MARK;

  private static String block(long n, long user, long memAvailableKb, long sectorsRead, long rx) {
    return M + "stat\n"
        + "cpu  " + user + " 0 50 1000 7 0 0 0 0 0\n"
        + "cpu0 1 0 0 0 0 0 0 0 0 0\ncpu1 1 0 0 0 0 0 0 0 0 0\n"
        + M + "meminfo\n"
        + "MemTotal:        4000 kB\nMemFree:          100 kB\nMemAvailable:     " + memAvailableKb + " kB\n"
        + M + "diskstats\n"
        + "   8       0 sda 10 0 " + sectorsRead + " 0 5 0 64 0 0 0 0\n"
        + "   8       1 sda1 10 0 " + sectorsRead + " 0 5 0 64 0 0 0 0\n"
        + "   7       0 loop0 10 0 999 0 5 0 999 0 0 0 0\n"
        + M + "netdev\n"
        + "Inter-|   Receive                            |  Transmit\n"
        + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets\n"
        + "    lo: 5000 1 0 0 0 0 0 0 5000 1 0 0 0 0 0 0\n"
        + "  eth0: " + rx + " 1 0 0 0 0 0 0 300 1 0 0 0 0 0 0\n"
        + M + "disks\nloop0\nsda\n"
        + M + "end " + n + "\n";
  }

  @Test
  void completeBlocksAreReadingsAndAPartialLastBlockIsNone() {
    String partial = block(3, 900, 1000, 1, 1);
    String text = block(1, 100, 3000, 8, 1000) + block(2, 300, 2000, 24, 4000)
        + partial.substring(0, partial.indexOf(M + "diskstats"));
    List<ProcStream.Block> blocks = ProcStream.blocks(text);
    assertEquals(2, blocks.size(), "two complete blocks; the third was cut off before its end marker");
    assertEquals(1, blocks.get(0).request());
    assertEquals(2, blocks.get(1).request());
    assertEquals(Set.of("sda", "loop0"), blocks.get(0).disks());
    ProcReader.Host a = blocks.get(0).host(0);
    ProcReader.Host b = blocks.get(1).host(1_000_000_000L);
    assertEquals(new ProcText.CpuTicks(100, 50, 7, 2), a.cpu());
    assertEquals(4000 * 1024, a.memTotalBytes());
    assertEquals(2000 * 1024, b.memAvailableBytes());
    assertEquals(new ProcText.Bytes(8 * 512, 64 * 512), a.disk(), "the whole disk only: no partition, no loop");
    assertEquals(new ProcText.Bytes(4000, 300), b.net(), "every interface but loopback");

    HostTrack t = new HostTrack();
    t.add(a);
    t.add(b);
    HostUsage u = t.usage("rs1", List.of("sut"), 1);
    assertEquals(2.0, u.cpuUser()[0], 1e-9, "200 ticks in one second at USER_HZ 100");
    assertEquals(16 * 512, u.diskReadBytes()[0]);
    assertEquals(3000, u.netRxBytes()[0]);
    assertEquals(2, u.cpus());
  }

  @Test
  void aBlockThatStartsAgainDropsTheCutOffOneAndOnlyNumberedEndsCount() {
    String cut = block(1, 100, 3000, 8, 1000);
    String text = cut.substring(0, cut.indexOf(M + "netdev")) // the session restarted mid-block
        + block(2, 300, 2000, 24, 4000)
        + M + "end\n" + M + "end x\n"; // ends without a usable number
    List<ProcStream.Block> blocks = ProcStream.blocks(text);
    assertEquals(1, blocks.size());
    assertEquals(2, blocks.get(0).request());
    assertEquals(new ProcText.Bytes(4000, 300), blocks.get(0).host(0).net());
  }

  @Test
  void theLoopRunByShSamplesThisHostSecondBySecond(@TempDir Path dir) throws Exception {
    // the same loop ssh runs on a SUT host, run here by sh directly: what it prints must parse, every second
    assumeTrue(ProcReader.system().available(), "no /proc on this OS");
    RemoteCounters remote = new RemoteCounters(List.of("sh", "-c", ResourceSampler.REMOTE_LOOP),
        dir.resolve("ssh.log"));
    assertTrue(remote.start());
    long start = Clock.micros() + 300_000;
    ResourceSampler s = ResourceSampler.startRemote("rs1", remote, start, Clock::micros,
        SecondListener.NONE);
    Thread.sleep(2_500);
    ResourceUsage u = s.stop(3);
    assertEquals(1, u.hosts().size());
    HostUsage h = u.hosts().get(0);
    assertEquals("rs1", h.host());
    assertEquals(List.of("sut"), h.roles());
    assertEquals(3, h.seconds(), "readings at +0, +1, +2 s and the last one at stop");
    assertEquals(ProcReader.system().host().cpu().cpus(), h.cpus(), "this host's CPUs, read by sh");
    assertTrue(h.memTotalBytes() > 0 && h.memUsedBytes()[0] > 0, "memory of this host");
    assertTrue(u.processes().isEmpty(), "no processes: the kit does not know a remote SUT's pids");
  }

  @Test
  void aHostThatNeverAnswersIsNotSampled(@TempDir Path dir) throws Exception {
    RemoteCounters remote = new RemoteCounters(List.of("sh", "-c", "exit 255"), dir.resolve("ssh.log"));
    assertTrue(remote.start());
    ResourceSampler s = ResourceSampler.startRemote("rs1", remote, Clock.micros() + 100_000, Clock::micros,
        SecondListener.NONE);
    Thread.sleep(1_300);
    assertTrue(s.stop(2).nothingSampled());
  }
}

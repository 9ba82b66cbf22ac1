package io.iotkit.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each /proc file the sampler reads, parsed from text as a Linux 6.x kernel writes it. */
class ProcTextTest {
  @Test
  void statSumsUserNiceAsUserAndSystemIrqSoftirqAsSystem() {
    String stat = """
        cpu  4827052 9680 823996 1837516 65076 11 31883 17166 0 0
        cpu0 2413330 4395 395476 952129 19278 0 12584 8459 0 0
        cpu1 2413721 5285 428520 885387 45798 0 19299 8706 0 0
        intr 1 2 3
        ctxt 99
        """;
    ProcText.CpuTicks t = ProcText.stat(stat);
    assertEquals(4827052 + 9680, t.user());
    assertEquals(823996 + 11 + 31883, t.system());
    assertEquals(65076, t.iowait());
    assertEquals(2, t.cpus());
  }

  @Test
  void meminfoAndStatusValuesAreKilobytes() {
    String meminfo = "MemTotal:        8039344 kB\nMemFree:          312516 kB\nMemAvailable:    5162208 kB\n";
    assertEquals(8039344L * 1024, ProcText.kilobytes(meminfo, "MemTotal"));
    assertEquals(5162208L * 1024, ProcText.kilobytes(meminfo, "MemAvailable"));
    String status = "Name:\tjava\nVmHWM:\t  300000 kB\nVmRSS:\t  251904 kB\n";
    assertEquals(251904L * 1024, ProcText.kilobytes(status, "VmRSS"));
    assertEquals(-1, ProcText.kilobytes("Name:\tzombie\n", "VmRSS"));
  }

  @Test
  void diskstatsCountsWholeDisksOnlyInSectorsOf512Bytes() {
    String diskstats = """
           7       0 loop0 10 0 80 0 0 0 0 0 0 0 0 0 0 0 0 0 0
         254       0 vda 2263808 83911 1000 35595077 6735329 2596620 3000 12696849 0 2308796 49266954
         254       1 vda1 2263000 83911 900 35595077 6735329 2596620 2900 12696849 0 2308796 49266954
         253       0 zram0 5 0 40 0 5 0 40 0 0 0 0
         259       0 nvme0n1 1 0 10 0 1 0 20 0 0 0 0
        """;
    // /sys/block lists whole disks, loop and zram devices, never partitions
    ProcText.Bytes b = ProcText.diskstats(diskstats, Set.of("loop0", "vda", "zram0", "nvme0n1"));
    assertEquals((1000 + 10) * 512L, b.read());
    assertEquals((3000 + 20) * 512L, b.written());
  }

  @Test
  void netDevLeavesOutLoopback() {
    String dev = """
        Inter-|   Receive                                                |  Transmit
         face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
            lo: 1559055017646 54850067    0    0    0     0          0         0 1559055017646 54850067    0    0    0     0       0          0
          eth0: 585214952   22199    0    0    0     0          0         0  1670856   16949    0    0    0     0       0          0
          eth1:1000 1 0 0 0 0 0 0 2000 1 0 0 0 0 0 0
        """;
    ProcText.Bytes b = ProcText.netDev(dev);
    assertEquals(585214952L + 1000, b.read());
    assertEquals(1670856L + 2000, b.written());
  }

  @Test
  void ticksCountOwnAndReapedChildrenTimeAfterTheCommandName() {
    // a command name with spaces and a parenthesis must not shift the fields
    String stat = "4242 (my (odd) cmd) S 1 4242 4242 0 -1 4194304 500 0 0 0 731 129 7 3 20 0 35 0 12345 "
        + "5000000000 60000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";
    assertEquals(731 + 129 + 7 + 3, ProcText.ticks(stat, true));
    assertEquals(731 + 129, ProcText.ticks(stat, false), "its own: without the children it reaped");
  }

  @Test
  void threadTicksAreTheThreadsOwnAndItsNameMayHaveSpaces() {
    String stat = "4250 (C2 CompilerThre) S 1 4242 4242 0 -1 4194368 0 0 0 0 412 9 7 3 20 0 35 0 12345 "
        + "5000000000 60000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";
    assertEquals(new ProcText.ThreadTicks("C2 CompilerThre", 412 + 9), ProcText.threadTicks(stat));
  }

  @Test
  void processIoNeedsBothByteLines() {
    String io = "rchar: 6976\nwchar: 0\nsyscr: 10\nsyscw: 0\nread_bytes: 4096\nwrite_bytes: 67108864\n"
        + "cancelled_write_bytes: 0\n";
    ProcText.Bytes b = ProcText.processIo(io);
    assertEquals(4096, b.read());
    assertEquals(67108864, b.written());
    assertThrows(IllegalArgumentException.class, () -> ProcText.processIo("rchar: 1\n"));
  }

  /** ss -tiHOe as iproute2 6.1 prints it: one line per socket; TIME-WAIT has inode 0 and no counts. */
  @Test
  void tcpSocketsAreReadByInodeWithMissingCountsAsZero() {
    String ss = "ESTAB 0 0 127.0.0.1:52382 127.0.0.1:18081 ino:4302157 sk:1003 cgroup:/ --> ts sack bbr"
        + " wscale:10,10 rto:204 rtt:0.02/0.013 mss:32768 bytes_sent:27 bytes_acked:28 bytes_received:15792"
        + " segs_out:8 segs_in:7 send 170Gbps\n"
        + "FIN-WAIT-2 0 0 127.0.0.1:18081 127.0.0.1:52382 timer:(timewait,59sec,0) ino:0 sk:1004\n"
        + "ESTAB 0 0 127.0.0.1:9092 127.0.0.1:40000 ino:77 sk:1005 cgroup:/ --> cubic rto:204 bytes_acked:1\n";
    var sockets = ProcText.tcpSockets(ss);
    assertEquals(2, sockets.size(), "the TIME-WAIT socket has no inode, so no owner");
    assertEquals(new ProcText.Bytes(15792, 27), sockets.get(4302157L), "received, sent");
    assertEquals(new ProcText.Bytes(0, 0), sockets.get(77L), "nothing sent or received yet: ss prints no counts");
    assertEquals(1234, ProcText.socketInode("socket:[1234]"));
    assertEquals(-1, ProcText.socketInode("/tmp/data"));
    assertEquals(-1, ProcText.socketInode("anon_inode:[eventpoll]"));
  }
}

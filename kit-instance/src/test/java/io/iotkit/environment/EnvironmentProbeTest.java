package io.iotkit.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentProbeTest {
  /** Two sockets, two cores each, two threads per core: 8 logical CPUs. */
  private static final String CPUINFO_2S = cpuEntries(new int[][] {
      {0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 0}, {0, 1}, {1, 0}, {1, 1}});

  private static String cpuEntries(int[][] packageAndCore) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < packageAndCore.length; i++) {
      sb.append("processor\t: ").append(i).append('\n')
          .append("vendor_id\t: GenuineIntel\n")
          .append("model name\t: Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz\n")
          .append("cache size\t: 49152 KB\n")
          .append("physical id\t: ").append(packageAndCore[i][0]).append('\n')
          .append("core id\t\t: ").append(packageAndCore[i][1]).append('\n')
          .append("flags\t\t: fpu vme de pse: not a key\n\n");
    }
    return sb.toString();
  }

  @Test
  void cpuInfoCountsSocketsCoresAndThreads() {
    EnvironmentProbe.CpuInfo c = EnvironmentProbe.parseCpuInfo(CPUINFO_2S);
    assertEquals("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", c.model());
    assertEquals(8, c.logicalCpus());
    assertEquals(2, c.sockets());
    assertEquals(4, c.physicalCores());
  }

  @Test
  void cpuInfoWithoutTopologyLeavesSocketsAndCoresUnknown() {
    // An ARM kernel's /proc/cpuinfo: no model name, no physical id or core id.
    String arm = "processor\t: 0\nBogoMIPS\t: 48.00\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\n\n"
        + "processor\t: 1\nBogoMIPS\t: 48.00\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\n";
    EnvironmentProbe.CpuInfo c = EnvironmentProbe.parseCpuInfo(arm);
    assertNull(c.model());
    assertEquals(2, c.logicalCpus());
    assertNull(c.sockets());
    assertNull(c.physicalCores());
  }

  @Test
  void emptyCpuInfoIsAllUnknown() {
    assertEquals(new EnvironmentProbe.CpuInfo(null, null, null, null), EnvironmentProbe.parseCpuInfo(""));
  }

  @Test
  void osReleasePrettyName() {
    String text = "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n";
    assertEquals("Debian GNU/Linux 12 (bookworm)", EnvironmentProbe.parseOsRelease(text));
    assertEquals("Alpine Linux v3.19", EnvironmentProbe.parseOsRelease("ID=alpine\nPRETTY_NAME='Alpine Linux v3.19'"));
    assertEquals("Plain", EnvironmentProbe.parseOsRelease("PRETTY_NAME=Plain\n"));
    assertNull(EnvironmentProbe.parseOsRelease("NAME=\"Debian GNU/Linux\"\n"));
    assertNull(EnvironmentProbe.parseOsRelease("PRETTY_NAME=\"\"\n"));
  }

  @Test
  void memTotalInBytes() {
    String meminfo = "MemTotal:       24554412 kB\nMemFree:         1234567 kB\nMemAvailable:   20000000 kB\n";
    assertEquals(24_554_412L * 1024, EnvironmentProbe.parseMemTotal(meminfo));
    assertNull(EnvironmentProbe.parseMemTotal("MemFree:         1234567 kB\n"));
  }

  @Test
  void cacheSizesAndNames() {
    assertEquals(48L * 1024, EnvironmentProbe.parseCacheSize("48K\n"));
    assertEquals(32L * 1024 * 1024, EnvironmentProbe.parseCacheSize("32M"));
    assertEquals(512L, EnvironmentProbe.parseCacheSize("512"));
    assertNull(EnvironmentProbe.parseCacheSize("big"));
    assertNull(EnvironmentProbe.parseCacheSize(null));
    assertEquals("L1d", EnvironmentProbe.cacheName("1\n", "Data\n"));
    assertEquals("L1i", EnvironmentProbe.cacheName("1", "Instruction"));
    assertEquals("L3", EnvironmentProbe.cacheName("3", "Unified"));
    assertNull(EnvironmentProbe.cacheName(null, "Unified"));
  }

  @Test
  void disksSkipLoopRamAndZram() {
    assertNull(EnvironmentProbe.parseDisk("loop0", "0", "0", null));
    assertNull(EnvironmentProbe.parseDisk("ram1", "8192", "0", null));
    assertNull(EnvironmentProbe.parseDisk("zram0", "8192", "0", null));
    Environment.Disk nvme = EnvironmentProbe.parseDisk("nvme0n1", "1000215216\n", "0\n", "Samsung SSD 980 PRO 1TB  \n");
    assertEquals(new Environment.Disk("nvme0n1", "Samsung SSD 980 PRO 1TB", 1_000_215_216L * 512, false), nvme);
    assertEquals(new Environment.Disk("sda", null, null, true), EnvironmentProbe.parseDisk("sda", "x", "1", null));
    assertEquals(new Environment.Disk("vdb", null, 1024L, null), EnvironmentProbe.parseDisk("vdb", "2", null, ""));
  }

  @Test
  void collectReadsAFakeTree(@TempDir Path root) throws IOException {
    write(root, "proc/cpuinfo", CPUINFO_2S);
    write(root, "proc/meminfo", "MemTotal:        1024 kB\n");
    write(root, "proc/sys/kernel/osrelease", "6.1.0-18-amd64\n");
    write(root, "proc/sys/kernel/hostname", "gateway-1\n");
    write(root, "etc/os-release", "PRETTY_NAME=\"Example OS 1\"\n");
    write(root, "sys/block/loop0/size", "100");
    write(root, "sys/block/sda/size", "2048\n");
    write(root, "sys/block/sda/queue/rotational", "1\n");
    write(root, "sys/block/sda/device/model", "WDC WD40EFRX\n");
    write(root, "sys/block/nvme0n1/size", "4096\n");
    write(root, "sys/block/nvme0n1/queue/rotational", "0\n");
    write(root, "sys/devices/system/cpu/cpu0/cache/index0/level", "1\n");
    write(root, "sys/devices/system/cpu/cpu0/cache/index0/type", "Data\n");
    write(root, "sys/devices/system/cpu/cpu0/cache/index0/size", "48K\n");
    write(root, "sys/devices/system/cpu/cpu0/cache/index3/level", "3\n");
    write(root, "sys/devices/system/cpu/cpu0/cache/index3/type", "Unified\n");
    write(root, "sys/devices/system/cpu/cpu0/cache/index3/size", "32768K\n");

    Environment e = EnvironmentProbe.collect(root, List.of("-Xmx2g", "-Dkafka.sasl.password=hunter2"));
    assertEquals("gateway-1", e.hostname());
    assertEquals("Example OS 1", e.os());
    assertEquals("6.1.0-18-amd64", e.kernel());
    assertEquals("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", e.cpuModel());
    assertEquals(8, e.logicalCpus());
    assertEquals(2, e.sockets());
    assertEquals(4, e.physicalCores());
    assertEquals(List.of(new Environment.Cache("L1d", 48L * 1024), new Environment.Cache("L3", 32L * 1024 * 1024)),
        e.caches());
    assertEquals(1024L * 1024, e.memoryBytes());
    assertEquals(List.of(new Environment.Disk("nvme0n1", null, 4096L * 512, false),
        new Environment.Disk("sda", "WDC WD40EFRX", 2048L * 512, true)), e.disks());
    assertEquals(List.of("-Xmx2g", "-Dkafka.sasl.password=(redacted)"), e.instanceJvmOptions());
    assertNotNull(e.jvm());
    assertNotNull(e.masterJvmFlags());
  }

  @Test
  void collectOnAnEmptyTreeGivesNullsNotGuesses(@TempDir Path root) {
    Environment e = EnvironmentProbe.collect(root, null);
    assertNull(e.hostname());
    assertNull(e.kernel());
    assertNull(e.cpuModel());
    assertNull(e.sockets());
    assertNull(e.physicalCores());
    assertNull(e.caches());
    assertNull(e.memoryBytes());
    assertNull(e.disks());
    assertNull(e.instanceJvmOptions());
    // These come from the JVM, not the files: still there.
    assertEquals(System.getProperty("os.arch"), e.architecture());
    assertEquals(Runtime.getRuntime().availableProcessors(), e.logicalCpus());
    assertTrue(e.os().startsWith(System.getProperty("os.name")));
  }

  @Test
  void theRealMachineDoesNotThrow() {
    Environment e = EnvironmentProbe.collect(List.of());
    assertNotNull(e.jvm());
    assertFalse(e.disks() != null && e.disks().stream().anyMatch(d -> d.name().startsWith("loop")));
  }

  @Test
  void secretJvmArgumentsAreRedacted() {
    assertEquals(List.of("-Xmx1g", "-Djavax.net.ssl.keyStorePassword=(redacted)", "-Dmy.TOKEN=(redacted)",
            "-Dhbase.zookeeper.quorum=zk1", "-Djava.security.auth.login.config=/etc/jaas.conf"),
        Secrets.redactJvmArguments(List.of("-Xmx1g", "-Djavax.net.ssl.keyStorePassword=s3cret", "-Dmy.TOKEN=abc",
            "-Dhbase.zookeeper.quorum=zk1", "-Djava.security.auth.login.config=/etc/jaas.conf")));
  }

  private static void write(Path root, String rel, String text) throws IOException {
    Path f = root.resolve(rel);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
  }
}

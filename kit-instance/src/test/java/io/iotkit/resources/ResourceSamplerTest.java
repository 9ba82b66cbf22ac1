package io.iotkit.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.OperatingSystemMXBean;
import io.iotkit.model.Clock;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResourceUsage.HostUsage;
import io.iotkit.model.ResourceUsage.ProcessUsage;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sampler against this JVM and its host: what /proc says must match what the JVM and the disk saw. */
class ResourceSamplerTest {
  private static final long MB = 1 << 20;

  private static ResourceSampler startNow() throws InterruptedException {
    return startNow(SecondListener.NONE);
  }

  private static ResourceSampler startNow(SecondListener listener) throws InterruptedException {
    long start = Clock.micros() + 200_000;
    ResourceSampler s = ResourceSampler.start(List.of("driver"),
        () -> List.of(WatchedProcess.self("test", "driver")), start, Clock::micros, listener);
    Thread.sleep(250); // past TS_start: the baseline is read
    return s;
  }

  @Test
  void perSecondCpuOfThisProcessAddsUpToTheCpuTimeItsJvmReports() throws Exception {
    assumeTrue(ProcReader.system().available(), "no /proc on this OS");
    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long startMicros = Clock.micros();
    ResourceSampler sampler = startNow();
    long cpuBefore = os.getProcessCpuTime();
    List<Thread> burners = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      Thread b = new Thread(() -> {
        // burns 1.5 CPU s of its own, however busy the machine (other builds share its CPUs), or stops after 20 s
        var threads = ManagementFactory.getThreadMXBean();
        long giveUp = System.nanoTime() + 20_000_000_000L;
        double x = 0;
        while (threads.getCurrentThreadCpuTime() < 1_500_000_000L && System.nanoTime() < giveUp) {
          x += Math.sqrt(x + 1);
        }
        if (x == 42) {
          System.out.println(x);
        }
      });
      b.start();
      burners.add(b);
    }
    for (Thread b : burners) {
      b.join();
    }
    ResourceUsage u = sampler.stop(ResourceSampler.seconds(startMicros, Clock.micros()) + 1);
    double jvm = (os.getProcessCpuTime() - cpuBefore) / 1e9;
    ProcessUsage self = u.processes().get(0);
    double sampled = Arrays.stream(self.cpuSeconds()).sum();
    assertTrue(jvm > 1.0, "the burners used " + jvm + " CPU s");
    assertEquals(jvm, sampled, jvm * 0.10, "sampled " + sampled + " CPU s, the JVM says " + jvm);
    // the host was at least as busy as this process, second by second in total
    HostUsage host = u.hosts().get(0);
    double hostBusy = Arrays.stream(host.cpuBusy()).sum();
    assertTrue(hostBusy >= sampled * 0.9, "host busy " + hostBusy + " s < process " + sampled + " s");
    assertEquals(host.seconds(), self.cpuSeconds().length);
    assertTrue(Arrays.stream(self.rssBytes()).allMatch(r -> r > 0), "RSS in every second");
  }

  @Test
  void diskBytesGrowWhenTheProcessWritesAndSyncs(@TempDir Path dir) throws Exception {
    assumeTrue(ProcReader.system().available(), "no /proc on this OS");
    assumeTrue(!Files.getFileStore(dir).type().equals("tmpfs"), "the temporary folder is in memory");
    long startMicros = Clock.micros();
    ResourceSampler sampler = startNow();
    writeAndSync(dir.resolve("data"), 64 * MB);
    Thread.sleep(300);
    ResourceUsage u = sampler.stop(ResourceSampler.seconds(startMicros, Clock.micros()) + 1);
    ProcessUsage self = u.processes().get(0);
    assertNotNull(self.diskWriteBytes(), "this JVM's /proc/self/io is readable");
    long processWrites = Arrays.stream(self.diskWriteBytes()).sum();
    long hostWrites = Arrays.stream(u.hosts().get(0).diskWriteBytes()).sum();
    assertTrue(processWrites >= 64 * MB, "the process wrote " + processWrites + " bytes");
    assertTrue(hostWrites >= 64 * MB, "the host's disks wrote " + hostWrites + " bytes");
  }

  /**
   * Loopback traffic between two sockets of this JVM: both ends are its own, so it received and sent what one end
   * wrote plus what the other wrote back, while the host's network (loopback left out) saw none of it.
   */
  @Test
  void aProcessesLoopbackTrafficIsCountedFromItsSockets() throws Exception {
    assumeTrue(ProcReader.system().available(), "no /proc on this OS");
    assumeTrue(ProcReader.system().tcpSockets().isPresent(), "no ss (iproute2) on this host");
    long startMicros = Clock.micros();
    ResourceSampler sampler = startNow();
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
         Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
         Socket accepted = server.accept()) {
      Thread.sleep(1_100); // both sockets open at a reading: seen, then counted from it
      Thread back = new Thread(() -> {
        try {
          accepted.getInputStream().readNBytes((int) (8 * MB));
          accepted.getOutputStream().write(new byte[(int) (2 * MB)]);
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      });
      back.start();
      client.getOutputStream().write(new byte[(int) (8 * MB)]);
      client.getInputStream().readNBytes((int) (2 * MB));
      back.join();
      Thread.sleep(1_100); // a reading while they are still open
    }
    ResourceUsage u = sampler.stop(ResourceSampler.seconds(startMicros, Clock.micros()) + 1);
    ProcessUsage self = u.processes().get(0);
    assertTrue(self.netMeasured());
    long rx = Arrays.stream(self.netRxBytes()).sum();
    long tx = Arrays.stream(self.netTxBytes()).sum();
    assertTrue(rx >= 10 * MB && rx < 11 * MB, "received " + rx + " bytes over its two ends");
    assertTrue(tx >= 10 * MB && tx < 11 * MB, "sent " + tx + " bytes");
  }

  @Test
  void aListenerHearsEachSecondOfTheSeriesAsItIsRead() throws Exception {
    assumeTrue(ProcReader.system().available(), "no /proc on this OS");
    List<Double> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<String> hosts = new java.util.concurrent.CopyOnWriteArrayList<>();
    ResourceSampler s = startNow(new SecondListener() {
      @Override
      public void host(String host, double busyCpuSeconds, long memUsedBytes) {
        hosts.add(host);
      }

      @Override
      public void process(String host, String name, String role, double cpuSeconds, long rssBytes) {
        assertEquals("test", name);
        assertEquals("driver", role);
        assertTrue(rssBytes > 0);
        heard.add(cpuSeconds);
      }
    });
    long until = System.nanoTime() + 2_300_000_000L;
    while (System.nanoTime() < until) {
      Math.sqrt(System.nanoTime()); // busy: this process uses CPU every second
    }
    ResourceUsage u = s.stop(100);
    double[] cpu = u.processes().get(0).cpuSeconds();
    assertEquals(cpu.length, heard.size(), "one element heard per element of the series");
    assertEquals(java.util.Arrays.stream(cpu).sum(), heard.stream().mapToDouble(Double::doubleValue).sum(), 1e-9);
    assertEquals(cpu.length, hosts.size());
  }

  @Test
  void aSamplerStoppedBeforeTsStartSampledNothing() throws Exception {
    ResourceSampler s = ResourceSampler.start(List.of("master"), List::of, Clock.micros() + 60_000_000,
        Clock::micros, SecondListener.NONE);
    assertTrue(s.stop(10).nothingSampled());
  }

  private static void writeAndSync(Path file, long bytes) throws IOException {
    ByteBuffer block = ByteBuffer.allocate((int) MB);
    new java.util.Random(1).nextBytes(block.array());
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      for (long n = 0; n < bytes; n += MB) {
        block.rewind();
        ch.write(block);
      }
      ch.force(true);
    }
  }
}

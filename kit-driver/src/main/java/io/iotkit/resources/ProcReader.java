package io.iotkit.resources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads a host's and its processes' counters from /proc (and the whole-disk names from /sys/block). The roots
 * are parameters so tests can point it at fixture folders.
 */
final class ProcReader implements HostCounters {
  private final Path proc;
  private final Path sysBlock;

  ProcReader(Path proc, Path sysBlock) {
    this.proc = proc;
    this.sysBlock = sysBlock;
  }

  /** The running host's. */
  static ProcReader system() {
    return new ProcReader(Path.of("/proc"), Path.of("/sys/block"));
  }

  /** The host's counters at one instant. */
  record Host(long nanos, ProcText.CpuTicks cpu, long memTotalBytes, long memAvailableBytes, ProcText.Bytes disk,
              ProcText.Bytes net) {
  }

  /**
   * One process's counters at one instant.
   *
   * @param io its /proc/PID/io bytes, or null where that file could not be read (another user's process)
   */
  record Process(long nanos, long ticks, long rssBytes, ProcText.Bytes io) {
  }

  /** Whether this host has the /proc files the sampler reads: false off Linux. */
  @Override
  public boolean available() {
    return Files.isReadable(proc.resolve("stat")) && Files.isReadable(proc.resolve("meminfo"))
        && Files.isReadable(proc.resolve("self/stat"));
  }

  @Override
  public Host host() throws IOException {
    long now = System.nanoTime();
    ProcText.CpuTicks cpu = ProcText.stat(read("stat"));
    String meminfo = read("meminfo");
    ProcText.Bytes disk = Files.isReadable(proc.resolve("diskstats"))
        ? ProcText.diskstats(read("diskstats"), wholeDisks()) : new ProcText.Bytes(0, 0);
    ProcText.Bytes net = Files.isReadable(proc.resolve("net/dev"))
        ? ProcText.netDev(read("net/dev")) : new ProcText.Bytes(0, 0);
    return new Host(now, cpu, ProcText.kilobytes(meminfo, "MemTotal"), ProcText.kilobytes(meminfo, "MemAvailable"),
        disk, net);
  }

  /** The process's counters, or empty when it is gone. */
  @Override
  public Optional<Process> process(long pid) {
    long now = System.nanoTime();
    try {
      long ticks = ProcText.processTicks(read(pid + "/stat"));
      long rss = Math.max(0, ProcText.kilobytes(read(pid + "/status"), "VmRSS")); // a zombie has no VmRSS line
      ProcText.Bytes io;
      try {
        io = ProcText.processIo(read(pid + "/io"));
      } catch (IOException | RuntimeException e) {
        io = null;
      }
      return Optional.of(new Process(now, ticks, rss, io));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private Set<String> wholeDisks() throws IOException {
    if (!Files.isDirectory(sysBlock)) {
      return Set.of();
    }
    try (Stream<Path> s = Files.list(sysBlock)) {
      return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
    }
  }

  private String read(String file) throws IOException {
    return Files.readString(proc.resolve(file));
  }
}

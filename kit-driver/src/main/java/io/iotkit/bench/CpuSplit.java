package io.iotkit.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The machine's CPUs split in two for {@code bench --pin-cpus}: the bench JVM (both sides' clients) on the first
 * half, a local server's processes on the second, each pinned with {@code taskset}, so the two sides of a round
 * do not take each other's cores and the store's background work (flushes, compactions) lands on its own.
 * Threads and processes started later inherit their starter's CPUs.
 *
 * @param client the client's CPUs, as taskset lists them, e.g. "0"
 * @param server the server's CPUs, e.g. "1"
 */
public record CpuSplit(String client, String server) {

  /** The first half of {@code cpus} for the client, the rest for the server; none below 2 CPUs. */
  public static CpuSplit halves(int cpus) {
    if (cpus < 2) {
      throw new IllegalArgumentException("pinning needs at least 2 CPUs, this machine has " + cpus);
    }
    int half = cpus / 2;
    return new CpuSplit(list(0, half), list(half, cpus));
  }

  private static String list(int from, int to) {
    return IntStream.range(from, to).mapToObj(Integer::toString).collect(Collectors.joining(","));
  }

  /** Pins this JVM, every thread of it. */
  public void pinClient() throws IOException {
    pin(List.of(ProcessHandle.current().pid()), client);
  }

  /** Pins these processes and every process under them. */
  void pinServer(List<Long> pids) throws IOException {
    List<Long> all = new ArrayList<>();
    for (long pid : pids) {
      all.add(pid);
      ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> all.add(d.pid())));
    }
    pin(all, server);
  }

  /** One line for the report. */
  public String describe() {
    return "client (the bench JVM) on CPUs " + client + ", local server on CPUs " + server + " (taskset)";
  }

  private static void pin(List<Long> pids, String cpus) throws IOException {
    for (long pid : pids) {
      Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(pid))
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      try {
        if (p.waitFor() != 0) {
          throw new IOException("taskset could not pin process " + pid + " to CPUs " + cpus + ": " + out);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while pinning process " + pid);
      }
    }
  }
}

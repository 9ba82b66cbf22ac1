package io.iotkit.resources;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads a host's and its processes' counters from /proc (and the whole-disk names from /sys/block). The roots
 * are parameters so tests can point it at fixture folders.
 */
final class ProcReader implements HostCounters {
  /** Enough for any server's workers; a bound so a fork storm cannot stall the sampler's second. */
  private static final int MAX_DESCENDANTS = 1_000;
  /**
   * One line per TCP socket with its inode and byte counts. Without -p: ss then reads the kernel's socket table
   * only, not every process's file descriptors, so a reading costs milliseconds however many processes run.
   */
  private static final List<String> SS = List.of("ss", "-tiHOe");
  private final Path proc;
  private final Path sysBlock;
  /** Cleared when ss could not be run: the host has none (iproute2 is not installed), and asking again is waste. */
  private volatile boolean ssRuns = true;

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
   * One process's counters at one instant, with those of the processes under it.
   *
   * @param io its /proc/PID/io bytes, or null where that file could not be read (another user's process)
   * @param pids the processes whose counters these are: it and those under it that were read
   */
  record Process(long nanos, long ticks, long rssBytes, ProcText.Bytes io, List<Long> pids) {
    /** Counters of no particular processes. */
    Process(long nanos, long ticks, long rssBytes, ProcText.Bytes io) {
      this(nanos, ticks, rssBytes, io, List.of());
    }

    /** This process's counters with a descendant's added; its memory is the descendant's proportional share. */
    Process plus(Process child) {
      ProcText.Bytes both = io == null || child.io == null ? io
          : new ProcText.Bytes(io.read() + child.io.read(), io.written() + child.io.written());
      List<Long> all = new ArrayList<>(pids);
      all.addAll(child.pids);
      return new Process(nanos, ticks + child.ticks, rssBytes + child.rssBytes, both, List.copyOf(all));
    }
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

  /**
   * The process's counters, or empty when it is gone; {@code withDescendants}, together with every process under
   * it: a server that forks a worker per connection (PostgreSQL's backends) does its work in them. With processes
   * under it, memory is each one's proportional set size (Pss), so pages they share count once; alone, it is its
   * resident set, and its CPU its own, without the children it reaped.
   */
  @Override
  public Optional<Process> process(long pid, boolean withDescendants) {
    long now = System.nanoTime();
    List<Long> under = withDescendants ? descendants(pid) : List.of();
    Optional<Process> root = one(pid, now, !under.isEmpty(), withDescendants);
    if (root.isEmpty() || under.isEmpty()) {
      return root;
    }
    Process total = root.get();
    for (long child : under) {
      Optional<Process> c = one(child, now, true, true);
      if (c.isPresent()) {
        total = total.plus(c.get());
      }
    }
    return Optional.of(total);
  }

  /**
   * One process's counters; memory as its Pss when {@code shared} (where readable), else its RSS; CPU with its
   * reaped children's when {@code withReaped} (a server's exited worker keeps its time there), else its own.
   */
  private Optional<Process> one(long pid, long now, boolean shared, boolean withReaped) {
    try {
      String stat = read(pid + "/stat");
      long ticks = ProcText.ticks(stat, withReaped);
      long rss = Math.max(0, ProcText.kilobytes(read(pid + "/status"), "VmRSS")); // a zombie has no VmRSS line
      if (shared) {
        try {
          long pss = ProcText.kilobytes(read(pid + "/smaps_rollup"), "Pss");
          rss = pss >= 0 ? pss : rss;
        } catch (IOException | RuntimeException e) {
          // an older kernel without smaps_rollup: its resident set it is
        }
      }
      ProcText.Bytes io;
      try {
        io = ProcText.processIo(read(pid + "/io"));
      } catch (IOException | RuntimeException e) {
        io = null;
      }
      return Optional.of(new Process(now, ticks, rss, io, List.of(pid)));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Every process under {@code pid}, from each thread's children list; none where the kernel keeps no such list. */
  private List<Long> descendants(long pid) {
    List<Long> all = new ArrayList<>();
    Deque<Long> todo = new ArrayDeque<>(List.of(pid));
    while (!todo.isEmpty() && all.size() < MAX_DESCENDANTS) {
      long p = todo.pop();
      try (Stream<Path> tasks = Files.list(proc.resolve(p + "/task"))) {
        for (Path task : tasks.toList()) {
          for (long child : ProcText.children(Files.readString(task.resolve("children")))) {
            all.add(child);
            todo.push(child);
          }
        }
      } catch (IOException | RuntimeException e) {
        // gone meanwhile, or no children files: what was found stands
      }
    }
    return all;
  }

  @Override
  public Optional<Map<Long, ProcText.Bytes>> tcpSockets() {
    if (!ssRuns) {
      return Optional.empty();
    }
    java.lang.Process ss = null;
    try {
      ss = new ProcessBuilder(SS).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      if (ss.waitFor() != 0) {
        ssRuns = false; // an ss too old for -O, or none at all: its options are refused every time
        return Optional.empty();
      }
      return Optional.of(ProcText.tcpSockets(out));
    } catch (IOException e) {
      ssRuns = false;
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.empty(); // a line it could not parse: this second's reading is lost
    } finally {
      if (ss != null) {
        ss.destroy();
      }
    }
  }

  @Override
  public Set<Long> socketInodes(List<Long> pids) {
    Set<Long> inodes = new HashSet<>();
    for (long p : pids) {
      try (Stream<Path> fds = Files.list(proc.resolve(p + "/fd"))) {
        fds.forEach(fd -> {
          try {
            long inode = ProcText.socketInode(Files.readSymbolicLink(fd).toString());
            if (inode > 0) {
              inodes.add(inode);
            }
          } catch (IOException | RuntimeException e) {
            // closed while listed
          }
        });
      } catch (IOException | RuntimeException e) {
        // gone, or not ours to read: its sockets are not counted
      }
    }
    return inodes;
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

package io.iotkit.resources;

import io.iotkit.model.ResourceUsage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Samples one host and some of its processes from /proc once a second, aligned to an execution's TS_start: the
 * reading at TS_start + i s ends element i - 1, so element i covers second i. A thread of its own reads; {@link
 * #stop} takes a last reading (the execution's last, partial second) and returns the series. Where /proc cannot
 * be read (not Linux) it samples nothing and returns {@link ResourceUsage#none()}. Each process's network is
 * counted from the host's TCP sockets, which one {@code ss} call a reading lists (see {@link ProcessTrack}).
 */
public final class ResourceSampler {
  /** The shell loop a remote host runs for {@link #startRemote}: only sh, cat and ls are needed there. */
  public static final String REMOTE_LOOP = ProcStream.LOOP;
  private final HostCounters proc;
  private final String host;
  private final List<String> roles;
  private final Supplier<List<WatchedProcess>> processes;
  private final long startMicros;
  private final LongSupplier clockMicros;
  private final SecondListener listener;
  private final HostTrack hostTrack = new HostTrack();
  /** Keyed by name and pid: a node that restarts under a new pid is a new series of the same name. */
  private final Map<String, ProcessTrack> tracks = new LinkedHashMap<>();
  private final Thread thread;
  private boolean started;
  private boolean haveBaseline;
  /** The processes to follow as last listed. */
  private List<WatchedProcess> listed = List.of();

  /**
   * @param host the host's name, as {@link #hostName()} gives it
   * @param roles what the run uses the host for
   * @param processes the processes to follow, asked again before every reading (nodes come and go)
   * @param startMicros TS_start on {@code clockMicros}
   * @param listener hears each second as it is read
   */
  ResourceSampler(HostCounters proc, String host, List<String> roles, Supplier<List<WatchedProcess>> processes,
                  long startMicros, LongSupplier clockMicros, SecondListener listener) {
    this.listener = listener;
    this.proc = proc;
    this.host = host;
    this.roles = List.copyOf(roles);
    this.processes = processes;
    this.startMicros = startMicros;
    this.clockMicros = clockMicros;
    this.thread = new Thread(this::loop, "resource-sampler");
    thread.setDaemon(true);
  }

  /** Starts sampling this host from {@code startMicros} (its first reading), if it has a /proc to read. */
  public static ResourceSampler start(List<String> roles, Supplier<List<WatchedProcess>> processes,
                                      long startMicros, LongSupplier clockMicros, SecondListener listener) {
    ResourceSampler s = new ResourceSampler(ProcReader.system(), hostName(), roles, processes, startMicros,
        clockMicros, listener);
    s.begin();
    return s;
  }

  /**
   * Starts sampling a remote host from {@code startMicros} through its started session: its host counters only
   * (the kit does not know its processes), under role "sut" and the name the host list gives it. {@link #stop}
   * closes the session.
   */
  public static ResourceSampler startRemote(String host, RemoteCounters remote, long startMicros,
                                            LongSupplier clockMicros, SecondListener listener) {
    ResourceSampler s = new ResourceSampler(remote, host, List.of("sut"), List::of, startMicros, clockMicros,
        listener);
    s.begin();
    return s;
  }

  void begin() {
    if (proc.available()) {
      started = true;
      thread.start();
    }
  }

  /**
   * Ends sampling with a last reading and returns at most {@code seconds} elements per series: the execution's
   * length rounded up, so a sampler stopped a little after TS_end adds no second the execution did not have.
   */
  public ResourceUsage stop(int seconds) throws InterruptedException {
    if (!started) {
      proc.close();
      return ResourceUsage.none();
    }
    thread.interrupt();
    thread.join();
    try {
      return series(seconds);
    } finally {
      proc.close();
    }
  }

  private ResourceUsage series(int seconds) {
    synchronized (this) {
      if (haveBaseline && hostTrack.length() < seconds) {
        read(false);
      }
      int n = Math.min(seconds, hostTrack.length());
      if (n <= 0) {
        return ResourceUsage.none();
      }
      List<ResourceUsage.ProcessUsage> ps = new ArrayList<>();
      for (ProcessTrack t : tracks.values()) {
        ps.add(t.usage(host, n));
      }
      return new ResourceUsage(List.of(hostTrack.usage(host, roles, n)), ps);
    }
  }

  /** Seconds of an execution from {@code startMicros} to {@code endMicros}, rounded up. */
  public static int seconds(long startMicros, long endMicros) {
    return (int) Math.max(0, (endMicros - startMicros + 999_999) / 1_000_000);
  }

  private void loop() {
    try {
      for (long i = 0; ; i++) {
        long due = startMicros + i * 1_000_000;
        long wait;
        while ((wait = due - clockMicros.getAsLong()) > 0) {
          Thread.sleep(wait / 1000, (int) (wait % 1000) * 1000);
        }
        synchronized (this) {
          try {
            read(i == 0);
          } catch (RuntimeException e) {
            // a reading that went wrong is a second lost, never a stack trace on the console or an end of sampling
          }
        }
      }
    } catch (InterruptedException e) {
      // stopped: stop() takes the last reading
    }
  }

  /** One reading of the host and every process; the first is only the baseline of the first second. */
  private void read(boolean baseline) {
    if (!baseline && !haveBaseline) {
      return; // stopped before TS_start: nothing to count from
    }
    try {
      hostTrack.add(proc.host());
    } catch (IOException | RuntimeException e) {
      return; // this second's reading is lost; the next one's element spans both
    }
    haveBaseline = true;
    int before = baseline ? 0 : hostTrack.length() - 1;
    List<WatchedProcess> now;
    try {
      now = processes.get();
      listed = now;
    } catch (RuntimeException e) {
      now = listed; // the list could not be had this second: follow the processes of the last
    }
    for (WatchedProcess w : now) {
      tracks.computeIfAbsent(w.name() + "\u0000" + w.pid(), k -> new ProcessTrack(w, before));
    }
    Map<Long, ProcText.Bytes> sockets = tracks.isEmpty() ? null : proc.tcpSockets().orElse(null);
    for (ProcessTrack t : tracks.values()) {
      WatchedProcess w = t.who();
      Optional<ProcReader.Process> read = now.contains(w) ? proc.process(w.pid(), w.withDescendants())
          : Optional.empty();
      ProcessTrack.Sockets own = sockets == null || read.isEmpty() ? ProcessTrack.Sockets.NONE
          : new ProcessTrack.Sockets(sockets, proc.socketInodes(read.get().pids()));
      t.add(read, own, baseline);
    }
    if (!baseline) {
      tell(now);
    }
  }

  /** Passes the second just read on; a listener's failure is not the sampler's. */
  private void tell(List<WatchedProcess> now) {
    try {
      double[] cpu = hostTrack.lastCpu();
      listener.host(host, cpu[0] + cpu[1], hostTrack.lastBytes()[0]);
      for (ProcessTrack t : tracks.values()) {
        if (now.contains(t.who()) && t.length() > 0) {
          listener.process(host, t.who().name(), t.who().role(), t.lastCpu(), t.lastBytes()[0]);
        }
      }
    } catch (RuntimeException e) {
      // the live view misses a second; the series keep it
    }
  }

  /** This host's name as the kernel has it (the same from every JVM on the host), or "localhost". */
  public static String hostName() {
    try {
      String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
      if (!name.isEmpty()) {
        return name;
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: ask Java
    }
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }
}

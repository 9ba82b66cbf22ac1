package io.iotkit.protocol;

import io.iotkit.model.Clock;
import io.iotkit.model.ResourceUsage;
import io.iotkit.progress.RunConsole;
import io.iotkit.resources.RemoteCounters;
import io.iotkit.metrics.ResourceMerge;
import io.iotkit.resources.ResourceSampler;
import io.iotkit.resources.SecondListener;
import io.iotkit.resources.WatchedProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The master's resource sampling of one execution: its own host and processes (the master, a local SUT's nodes)
 * and each SUT host of the host list over ssh. The SUT hosts' sessions open with the execution, so they are up by
 * TS_start; every sampler starts at TS_start and stops with as many seconds as the execution's series.
 */
final class PhaseSampling implements AutoCloseable {
  private final Map<String, List<String>> sutHosts;
  private final Path phaseDir;
  private final Map<String, RemoteCounters> remotes = new LinkedHashMap<>();
  private final Map<String, ResourceSampler> remoteSamplers = new LinkedHashMap<>();
  private ResourceSampler local;

  private PhaseSampling(Map<String, List<String>> sutHosts, Path phaseDir) {
    this.sutHosts = sutHosts;
    this.phaseDir = phaseDir;
  }

  /**
   * Opens a session to each SUT host; one that cannot be reached is left out (its seconds are reported missing).
   *
   * @param sutHosts each SUT host's ssh command line that runs {@link ResourceSampler#REMOTE_LOOP} there
   */
  static PhaseSampling connect(Map<String, List<String>> sutHosts, Path phaseDir) {
    PhaseSampling s = new PhaseSampling(sutHosts, phaseDir);
    sutHosts.forEach((host, cmd) -> {
      RemoteCounters r = new RemoteCounters(cmd, phaseDir.resolve(sutLog(host)));
      if (r.start()) {
        s.remotes.put(host, r);
      }
    });
    return s;
  }

  /**
   * Starts every sampler at {@code startMicros}: this host's with these roles, over the processes named then;
   * {@code listener} hears each second of each as it is read.
   */
  void begin(long startMicros, List<String> roles, Supplier<List<WatchedProcess>> processes,
             SecondListener listener) {
    local = ResourceSampler.start(roles, processes, startMicros, Clock::micros, withoutInstances(listener));
    remotes.forEach((host, r) -> remoteSamplers.put(host, ResourceSampler.startRemote(host, r, startMicros,
        Clock::micros, listener)));
  }

  /**
   * The listener without the local instances' seconds: each instance's own frames carry its JVM's, and the master
   * follows them only to count their sockets.
   */
  private static SecondListener withoutInstances(SecondListener listener) {
    return new SecondListener() {
      @Override
      public void host(String host, double busyCpuSeconds, long memUsedBytes) {
        listener.host(host, busyCpuSeconds, memUsedBytes);
      }

      @Override
      public void process(String host, String name, String role, double cpuSeconds, long rssBytes) {
        if (!"driver".equals(role)) {
          listener.process(host, name, role, cpuSeconds, rssBytes);
        }
      }
    };
  }

  /**
   * Stops the samplers, each usage {@code seconds} long: this host's first, then each SUT host's (empty for one
   * that did not answer, which the console hears of).
   */
  List<ResourceUsage> stop(int seconds, String phase, RunConsole out) throws InterruptedException {
    ResourceSampler ended = local;
    local = null;
    List<ResourceUsage> sampled = new ArrayList<>(List.of(ended.stop(seconds)));
    for (String host : sutHosts.keySet()) {
      ResourceSampler r = remoteSamplers.remove(host);
      ResourceUsage u = r == null ? ResourceUsage.none() : r.stop(seconds);
      int got = ResourceMerge.length(u);
      if (got < seconds) { // a node that did not answer: the run goes on without (some of) its seconds
        out.line("SUT host " + host + (got == 0 ? " was not sampled" : " was sampled for only " + got + " of "
            + seconds + " s") + " in " + phase + " (ssh's messages: " + phaseDir.resolve(sutLog(host)) + ")");
      }
      sampled.add(u);
    }
    return sampled;
  }

  /** Stops what still samples, without a result (an execution that failed), and closes the SUT hosts' sessions. */
  @Override
  public void close() throws InterruptedException {
    if (local != null) {
      local.stop(0);
    }
    for (ResourceSampler r : remoteSamplers.values()) {
      r.stop(0);
    }
    remotes.values().forEach(RemoteCounters::close); // idempotent: those a sampler had are closed already
  }

  /** The file in the phase folder for ssh's messages of a SUT host's sampling session. */
  private static String sutLog(String host) {
    return "sut-host-" + host.replaceAll("[^A-Za-z0-9._-]", "_") + ".log";
  }
}

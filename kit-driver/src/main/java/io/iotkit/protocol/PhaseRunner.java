package io.iotkit.protocol;

import io.iotkit.hosts.InstanceSite;
import io.iotkit.live.LiveRun;
import io.iotkit.metrics.SeriesMerge;
import io.iotkit.model.Clock;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.Json;
import io.iotkit.model.Latency;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.PhaseSeries;
import io.iotkit.model.ResourceUsage;
import io.iotkit.progress.PhaseProgress;
import io.iotkit.progress.RunConsole;
import io.iotkit.metrics.ResourceMerge;
import io.iotkit.resources.DiskUsage;
import io.iotkit.resources.ResourceSampler;
import io.iotkit.resources.WatchedProcess;
import io.iotkit.sut.SutSession.SutException;
import io.iotkit.sut.SutWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Runs one workload execution: launches one instance JVM per substation on its site, waits until every one is
 * ready, releases them together through the start barrier (so JVM start-up is outside TS_start..TS_end), follows
 * their progress and collects their results. Instants cross to and from a driver host through its measured
 * clock offset, so TS_start and TS_end are the master's.
 */
final class PhaseRunner {
  /** Lead time between the barrier's release and the start instant, so every instance hears it in time. */
  private static final long START_LEAD_MICROS = 500_000;
  private static final long READY_TIMEOUT_SECONDS = 300;
  /** How often the live progress is offered to the console. */
  private static final long PROGRESS_MILLIS = 250;
  /** The per-second series of an execution longer than result.json keeps second by second. */
  static final String FULL_SERIES = "series.json";
  /** The resource usage of an execution longer than result.json keeps second by second. */
  static final String FULL_RESOURCES = "resources.json";

  /** The instance's java command line on a site. */
  interface InstanceCommand {
    List<String> on(InstanceSite site);
  }

  private final List<InstanceSite> sites;
  private final InstanceCommand command;
  private final byte[] bindingProperties;
  private final RunConsole out;
  private final LiveRun live;
  private final Map<String, List<String>> sutHosts;

  /**
   * @param sites             where each instance 0..P-1 runs
   * @param bindingProperties the binding properties file's bytes, handed to each instance over its control channel
   * @param sutHosts          the SUT hosts of the host list by name, each with the ssh command line that runs
   *                          {@link ResourceSampler#REMOTE_LOOP} there
   */
  PhaseRunner(List<InstanceSite> sites, InstanceCommand command, byte[] bindingProperties, RunConsole out,
              LiveRun live, Map<String, List<String>> sutHosts) {
    this.live = live;
    this.sutHosts = sutHosts;
    this.sites = sites;
    this.command = command;
    this.bindingProperties = bindingProperties;
    this.out = out;
  }

  /**
   * @param watch     the master's watch on the SUT: a SUT it finds dead ends the execution at once
   * @param sutFolder the local server's folder, whose size the result gives before and after the execution; null
   *                  for a SUT the kit did not start
   * @throws SutException when the watch found the SUT dead
   */
  PhaseResult run(String name, boolean measured, List<InstanceSpec> specs, Path phaseDir, SutWatch watch,
                  Path sutFolder) throws IOException, InterruptedException, SutException {
    Files.createDirectories(phaseDir);
    long folderBefore = sutFolder == null ? -1 : DiskUsage.of(sutFolder);
    long[] targets = specs.stream().mapToLong(InstanceSpec::kvps).toArray();
    List<String> hosts = specs.stream().map(s -> sites.get(s.instance()))
        .map(site -> site.remote() ? site.name() : PhaseProgress.LOCAL).toList();
    PhaseProgress progress = new PhaseProgress(name, targets, hosts);
    LiveRun.Execution watched = live.execution(name, targets, hosts);
    List<InstanceProcess> running = new ArrayList<>();
    try (PhaseSampling sampling = PhaseSampling.connect(sutHosts, phaseDir)) {
      // named before the instances start: the SUT is watched while they start and wait at the barrier too
      watch.phase(name);
      launch(specs, phaseDir, progress, watched, running);
      awaitReady(running, watch);
      long start = Clock.micros() + START_LEAD_MICROS;
      progress.begin(start);
      sampling.begin(start, roles(watch), () -> processes(watch, running), watched.resources());
      for (InstanceProcess p : running) {
        p.start(start);
      }
      follow(running, progress, watch);
      List<InstanceResult> results = new ArrayList<>();
      for (InstanceProcess p : running) {
        InstanceResult r = p.done.join().shifted(-p.site().clock().offsetMicros());
        Json.write(Path.of(specs.get(r.instance()).resultFile()), r);
        results.add(r);
      }
      for (InstanceProcess p : running) {
        p.reap();
      }
      PhaseResult p = assemble(name, measured, start, results, specs, sampling, phaseDir);
      return sutFolder == null ? p : p.withResources(p.resources().withSutFolder(
          new ResourceUsage.DataFolder(folderBefore, DiskUsage.of(sutFolder))));
    } finally {
      running.forEach(InstanceProcess::kill);
    }
  }

  /** Starts each instance's JVM on its site with its orders; they wait at the start barrier. */
  private void launch(List<InstanceSpec> specs, Path phaseDir, PhaseProgress progress, LiveRun.Execution watched,
                      List<InstanceProcess> into) throws IOException {
    for (InstanceSpec spec : specs) {
      InstanceSite site = sites.get(spec.instance());
      // a warmup's data begins with it (0): an instant on no clock
      InstanceSpec onSite = spec.dataSinceMicros() > 0 ? spec.onClock(site.clock().offsetMicros()) : spec;
      Json.write(phaseDir.resolve("instance-" + spec.instance() + ".spec.json"), spec);
      into.add(InstanceProcess.launch(spec.instance(), site, command.on(site), Json.line(onSite),
          bindingProperties, phaseDir.resolve("instance-" + spec.instance() + ".log"), Path.of(spec.intervalLog()),
          progress, watched));
    }
  }

  /**
   * The execution's result from its instances' results: their per-second series merged, the resources sampled over
   * as many seconds, latency summaries; an execution longer than result.json keeps second by second leaves the full
   * series in the phase folder and the result a coarser one.
   */
  private PhaseResult assemble(String name, boolean measured, long start, List<InstanceResult> results,
                               List<InstanceSpec> specs, PhaseSampling sampling, Path phaseDir)
      throws IOException, InterruptedException {
    long end = results.stream().mapToLong(InstanceResult::endMicros).max().orElse(start);
    List<Path> logs = specs.stream().map(s -> Path.of(s.intervalLog())).toList();
    PhaseSeries series = SeriesMerge.of(results, logs);
    // as many seconds as the phase's per-second series, so element i of both covers the same second
    int seconds = series.length() > 0 ? series.length() : ResourceSampler.seconds(start, end);
    ResourceUsage resources = resources(sampling.stop(seconds, name, out), results, seconds, phaseDir);
    // the instances' usage is in the phase's, merged; their own result files keep their copies
    List<InstanceResult> kept = results.stream().map(InstanceResult::withoutResources).toList();
    if (series.length() > PhaseSeries.MAX_POINTS) {
      // result.json must not grow with the run's length: past an hour it keeps a coarser series, and the
      // per-second one stays in the run folder (series.json here, each instance's in its result file)
      Json.write(phaseDir.resolve(FULL_SERIES), series);
      series = SeriesMerge.of(results, logs, SeriesMerge.secondsPerPoint(series.length(), PhaseSeries.MAX_POINTS));
      kept = kept.stream().map(InstanceResult::withoutSeries).toList();
    }
    return new PhaseResult(name, measured, start, end, kept, series, Latency.summaries(results), resources);
  }

  /** The roles this host plays in the execution: the master always, a driver and a SUT host where it is one. */
  private List<String> roles(SutWatch watch) {
    List<String> roles = new ArrayList<>(List.of("master"));
    if (sites.stream().anyMatch(s -> !s.remote())) {
      roles.add("driver");
    }
    if (!watch.nodes().isEmpty()) {
      roles.add("sut");
    }
    return roles;
  }

  /**
   * The processes sampled on this host in a second: the master's JVM, whichever processes serve as the local
   * SUT's nodes then (a restarted node has a new pid), and the instances on this host (each samples itself too,
   * but only the master counts sockets: one listing of the host's sockets a second, not one per instance).
   */
  private static List<WatchedProcess> processes(SutWatch watch, List<InstanceProcess> running) {
    List<WatchedProcess> ps = new ArrayList<>(List.of(WatchedProcess.self("master", "master")));
    watch.nodes().forEach(n -> ps.add(new WatchedProcess(n.name(), "sut", n.pid())));
    running.forEach(i -> i.watched().ifPresent(ps::add));
    return ps;
  }

  /**
   * The master's sample, the SUT hosts' and every instance's, one series per host, each {@code seconds} long (an instance that
   * ended before the phase has zeros after its end); an execution longer than result.json keeps
   * second by second leaves its whole usage in the phase folder and the result its first hour.
   */
  private static ResourceUsage resources(List<ResourceUsage> sampled, List<InstanceResult> results, int seconds,
                                         Path phaseDir) throws IOException {
    List<ResourceUsage> parts = new ArrayList<>(sampled);
    results.forEach(r -> parts.add(r.resources()));
    ResourceUsage all = ResourceMerge.toSeconds(ResourceMerge.of(parts), seconds);
    if (seconds <= PhaseSeries.MAX_POINTS) {
      return all;
    }
    Json.write(phaseDir.resolve(FULL_RESOURCES), all);
    return ResourceMerge.firstSeconds(all, PhaseSeries.MAX_POINTS);
  }

  private void follow(List<InstanceProcess> running, PhaseProgress progress, SutWatch watch)
      throws InterruptedException, IOException, SutException {
    try {
      waitForAll(running, p -> p.done, () -> {
        Optional<String> fault = watch.fault();
        if (fault.isPresent()) {
          throw new SutWatch.SutDeadException(fault.get());
        }
        out.progress(progress.snapshot(Clock.micros()));
      });
    } finally {
      out.progressDone();
    }
  }

  /**
   * Until every instance is ready; one that dies or falls silent meanwhile fails the phase at once, and so does a
   * SUT that the watch finds dead (instances whose store client retries would otherwise keep them from ready).
   */
  private static void awaitReady(List<InstanceProcess> running, SutWatch watch)
      throws InterruptedException, IOException, SutException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_TIMEOUT_SECONDS);
    waitForAll(running, p -> p.ready, () -> {
      Optional<String> fault = watch.fault();
      if (fault.isPresent()) {
        throw new SutWatch.SutDeadException(fault.get() + " (while the instances started)");
      }
      if (System.nanoTime() > deadline) {
        List<Integer> late = running.stream().filter(p -> !p.ready.isDone()).map(InstanceProcess::index).toList();
        throw new InstanceProcess.InstanceFailedException("driver instance(s) " + late + " not ready after "
            + READY_TIMEOUT_SECONDS + " s: their store client did not connect, or their host is overloaded; see"
            + " their logs in the execution's folder");
      }
    });
  }

  /** What the wait does between its looks at the instances. */
  private interface Tick {
    void run() throws IOException, SutException;
  }

  /** Until every instance reached {@code stage}; between looks (every 250 ms) it checks them and runs {@code tick}. */
  private static void waitForAll(List<InstanceProcess> running, Function<InstanceProcess, CompletableFuture<?>> stage,
                                 Tick tick) throws InterruptedException, IOException, SutException {
    CompletableFuture<Void> all =
        CompletableFuture.allOf(running.stream().map(stage).toArray(CompletableFuture[]::new));
    while (true) {
      try {
        all.get(PROGRESS_MILLIS, TimeUnit.MILLISECONDS);
        return;
      } catch (TimeoutException e) {
        running.forEach(InstanceProcess::heartbeat);
        throwFirstFailure(running, stage);
        tick.run();
      } catch (ExecutionException e) {
        throw unwrap(e);
      }
    }
  }

  /**
   * Checks every instance's liveness and throws the first failure at once: allOf(...) would report it only once
   * every other instance had finished too.
   */
  private static void throwFirstFailure(List<InstanceProcess> running,
                                        Function<InstanceProcess, CompletableFuture<?>> stage) {
    running.forEach(InstanceProcess::checkAlive);
    for (InstanceProcess p : running) {
      CompletableFuture<?> f = stage.apply(p);
      if (f.isCompletedExceptionally()) {
        try {
          f.join();
        } catch (CompletionException e) {
          throw e.getCause() instanceof RuntimeException r ? r : e;
        }
      }
    }
  }

  private static RuntimeException unwrap(ExecutionException e) {
    return e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
  }
}

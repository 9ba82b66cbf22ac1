package io.iotkit.protocol;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.DeliveryWatch;
import io.iotkit.binding.LiveCopies;
import io.iotkit.binding.Replication;
import io.iotkit.binding.errors.ConnectFailures;
import io.iotkit.check.ExecutionRules;
import io.iotkit.check.FileCheck;
import io.iotkit.check.FileManifest;
import io.iotkit.check.PricingRules;
import io.iotkit.environment.EnvironmentProbe;
import io.iotkit.hosts.DriverHosts;
import io.iotkit.hosts.HostReport;
import io.iotkit.live.LiveRun;
import io.iotkit.model.CheckResult;
import io.iotkit.model.Clock;
import io.iotkit.model.ConsumerRates;
import io.iotkit.model.DriverHostResult;
import io.iotkit.model.Environment;
import io.iotkit.model.IterationResult;
import io.iotkit.model.KitLayout;
import io.iotkit.model.KitRelease;
import io.iotkit.model.Metrics;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.Pricing;
import io.iotkit.model.RunInputs;
import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import io.iotkit.model.SubstationCount;
import io.iotkit.model.SutOutage;
import io.iotkit.model.SystemDescription;
import io.iotkit.progress.RunConsole;
import io.iotkit.resources.FullDiskWatch;
import io.iotkit.sut.SutSession;
import io.iotkit.sut.SutSession.SutException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import site.ycsb.DBException;

/**
 * The run protocol of docs/PROTOCOL.md §4, once, in order: prerequisite checks, iteration 1 (warmup, measured,
 * data check), system cleanup, iteration 2, metrics. Every check is recorded; in a strict run the first broken
 * rule aborts the run. Whatever happens, it returns a result that says how the run ended, which the caller
 * writes as result.json.
 */
public final class RunProtocol {
  /** How long a store's reader may take, after an iteration's writes, to hold what was written. */
  private static final Duration DELIVERY_WAIT = Duration.ofSeconds(120);
  /** Readings a second below which a consumer-only read of a large volume gives up (beyond the delivery wait). */
  private static final long SLOWEST_CONSUMER = 1_000;
  private static final int ITERATIONS = 2;
  /** Key of {@link RunResult#sutSettings} saying why the binding could not read them. */
  public static final String UNREADABLE = "unreadable";

  private final RunConfig config;
  private final BindingProvider provider;
  private final Pricing pricing;
  private final SystemDescription system;
  private final RunConsole out;
  private final LiveRun live;

  private final List<CheckResult> prerequisites = new ArrayList<>();
  private final List<IterationResult> iterations = new ArrayList<>();
  private final List<CheckResult> cleanup = new ArrayList<>();
  private final List<DriverHostResult> driverHosts = new ArrayList<>();
  private boolean badInput;

  public RunProtocol(RunConfig config, BindingProvider provider, Pricing pricing, SystemDescription system,
                     RunConsole out, LiveRun live) {
    this.live = live;
    this.config = config;
    this.provider = provider;
    this.pricing = pricing;
    this.system = system;
    this.out = out;
  }

  /** A rule broke in a strict run. */
  static final class StrictAbort extends Exception {
    StrictAbort(CheckResult c) {
      super("--strict: " + c.name() + " broke its rule (" + c.measured().text() + ", limit " + c.limit().text()
          + "): " + c.why());
    }
  }

  /** Whether the run that ended was aborted on bad input (a binding property, an impossible local server). */
  public boolean abortedOnBadInput() {
    return badInput;
  }

  /** Runs the benchmark, with everything it writes going into {@code runDir}. */
  public RunResult run(Path runDir) throws IOException {
    out.line("run folder: " + runDir);
    live.phase("prerequisites");
    Instant started = Instant.now();
    Environment environment = EnvironmentProbe.collect(config.instanceJvmOptions());
    Map<String, String> sutSettings = Map.of();
    RunStatus status = RunStatus.COMPLETED;
    String abortReason = "";
    Metrics metrics = null;
    String sutDescription = provider.name();
    ExecutionSession session = null;
    FullDiskWatch disks = FullDiskWatch.start();
    disks.watch(runDir);
    try {
      record(prerequisites, fileCheck(runDir));
      for (CheckResult c : PricingRules.checks(pricing, system, PricingRules.reportDate(system, started))) {
        record(prerequisites, c);
      }
      session = ExecutionSession.connect(config, provider, environment, runDir, out, live);
      disks.watch(session.sutFolder());
      session.endWhen(disks::runningOut);
      checkHosts(session);
      out.line("starting or connecting to the SUT (" + provider.name() + ") ...");
      session.startSut();
      SutSession sut = session.sut();
      sutDescription = sut.description();
      Optional<String> emulator = session.watched("reading the SUT's identity", () -> sut.admin().emulator());
      if (emulator.isPresent() && !sutDescription.contains(emulator.get())) {
        // a configured address whose server answers as an emulator: every output names it so
        sutDescription += " (" + emulator.get() + ")";
      }
      out.line("SUT: " + sutDescription);
      sutSettings = sutSettings(session);
      record(prerequisites, ExecutionRules.threads(config.threads()));
      record(prerequisites, ExecutionRules.unpaced(config.rate()));
      record(prerequisites, ExecutionRules.kvpSize(config.kvpSize()));
      record(prerequisites, ExecutionRules.dashboardQueries(config.noQueries()));
      record(prerequisites, ExecutionRules.noReadOnly(config.readOnly()));
      record(prerequisites, ExecutionRules.noStoredVolumeRead(config.consumeStored()));
      record(prerequisites, ExecutionRules.realStore(emulator));
      Replication r = session.watched("reading the SUT's replication", () -> sut.admin().replication());
      record(prerequisites, ExecutionRules.replication(r.factor(), r.source()));
      if (sut.embedded()) {
        Optional<String> shortfall = DiskRoom.shortfall(config.kvps(), config.kvpSize().max(), r.factor(),
            Files.getFileStore(session.sutFolder()).getUsableSpace(), session.sutFolder().toString());
        if (shortfall.isPresent()) {
          throw new SutSession.BadSetupException(shortfall.get());
        }
      }

      String runTag = ExecutionSession.tag(System.currentTimeMillis());
      List<String> previous = List.of();
      for (int it = 1; it <= ITERATIONS; it++) {
        if (it > 1) {
          out.line("system cleanup: purge, temporary files, restart ...");
          live.phase("system cleanup");
          for (CheckResult c : SystemCleanup.run(session, previous, runDir.resolve("tmp"),
              runDir.resolve("logs"))) {
            record(cleanup, c);
          }
        }
        previous = session.substations(runTag, it);
        iterations.add(iteration(it, previous, session, runDir));
      }
      metrics = Metrics.compute(iterations, pricing);
    } catch (ExecutionSession.Failure e) {
      status = RunStatus.ABORTED;
      abortReason = withFullDisk(e.getMessage(), disks, session, runDir);
      badInput = e.badInput();
    } catch (StrictAbort | SutException e) {
      status = RunStatus.ABORTED;
      abortReason = ConnectFailures.firstAndLastLine(e.getMessage());
      badInput = e instanceof SutSession.BadSetupException;
    } catch (DBException e) {
      // e.g. a layout prepare() cannot make with these properties
      ExecutionSession.Failure f = session.failure(e);
      status = RunStatus.ABORTED;
      abortReason = f.getMessage();
      badInput = f.badInput();
    } catch (InterruptedException e) {
      status = RunStatus.ABORTED;
      abortReason = "interrupted";
      Thread.currentThread().interrupt();
    } catch (IOException | RuntimeException e) {
      status = RunStatus.ABORTED;
      abortReason = withFullDisk(ConnectFailures.firstAndLastLine("kit error: " + e), disks, session, runDir);
    } finally {
      live.phase("ended");
      if (session != null) {
        if (session.sut() != null) {
          out.line(session.sutFoundDead() ? "letting go of the failed SUT ..." : "stopping / disconnecting the SUT ...");
        }
        session.close();
      }
      disks.close();
    }
    List<SutOutage> outages = session == null ? List.of() : session.outages();
    List<String> reasons = RunResult.reasons(RunResult.checksOf(prerequisites, iterations, cleanup), abortReason);
    return new RunResult(KitRelease.of(config.kit().home()).text(), runDir.getFileName().toString(), status, abortReason, started,
        Instant.now(), inputs(), environment, system, sutDescription, sutSettings, prerequisites, iterations,
        cleanup, metrics, pricing, reasons.isEmpty(), reasons, driverHosts, outages);
  }

  /** The SUT's version and changed settings, for the FDR; a store that will not say does not stop the run. */
  private Map<String, String> sutSettings(ExecutionSession session) throws ExecutionSession.Failure {
    try {
      return session.watched("reading the SUT's settings", () -> session.sut().admin().sutSettings());
    } catch (DBException | RuntimeException e) {
      out.line("  SUT settings could not be read (the FDR will say so): " + e.getMessage());
      return Map.of(UNREADABLE, String.valueOf(e.getMessage()));
    }
  }

  private RunInputs inputs() {
    return new RunInputs(config.substations(), config.kvps(), config.kvpSize().min(), provider.name(), config.threads(),
        config.sutNodes(), config.strict(),
        pathOrNull(config.bindingProperties()), pathOrNull(config.pricing()),
        pathOrNull(config.systemDescription()), config.instanceJvmOptions(),
        config.hosts() == null ? null : config.hosts().file().toString(), config.rate(), config.arrivals(),
        config.noQueries(), config.givenProperties(), config.sutLimits().cpus(),
        config.sutLimits().memoryBytes(), live.endpoint(), config.kvpSize().max(),
        config.readOnly() == null ? 0 : config.readOnly().perSecond(),
        config.readOnly() == null ? 0 : config.readOnly().seconds(), config.consumeStored());
  }

  private static String pathOrNull(Path p) {
    return p == null ? null : p.toString();
  }

  /**
   * The driver hosts' prerequisites, where the run has a host list: each host's kit files against the one manifest,
   * and the clocks (the worst host's bound); each host's record for the result.
   */
  private void checkHosts(ExecutionSession session) throws IOException, StrictAbort {
    if (session.hostReports().isEmpty()) {
      return;
    }
    Map<String, String> expected = new LinkedHashMap<>();
    FileManifest.read(config.kit().manifest()).forEach((f, hex) -> {
      if (KitLayout.isDriverHostFile(f, provider.name())) {
        expected.put(f, hex);
      }
    });
    HostReport worst = null;
    for (HostReport r : session.hostReports()) {
      String name = r.host().name();
      FileManifest.write(session.hostsFolder().resolve(DriverHosts.folderName(r.host())).resolve("kit-files.sha256"),
          r.digests());
      record(prerequisites, FileCheck.compare("file check on " + name, expected, r.digests(),
          "kit files on " + name + " differ from the released kit; copy the kit there again (--ship)"));
      driverHosts.add(new DriverHostResult(name, r.kitHome().toString(), session.instancesOn(r.host()),
          r.clock().offsetMicros(), r.clock().errorMicros(), r.environment()));
      if (worst == null || r.clock().boundMicros() > worst.clock().boundMicros()) {
        worst = r;
      }
    }
    record(prerequisites, ExecutionRules.clocks(worst.host().name(), worst.clock().boundMicros(),
        session.hostReports().size()));
  }

  /**
   * An abort's reason, with the full disk named where there is one, or was one during the run: a store that cannot
   * write stops answering, and the kit's own writes fail, and neither says why.
   */
  private static String withFullDisk(String reason, FullDiskWatch disks, ExecutionSession session, Path runDir) {
    Path folder = session != null && session.sut() != null && session.sut().embedded() ? session.sutFolder() : runDir;
    if (reason.contains("the disk of ")) {
      return reason; // the watch ended the run on the disk, and named it
    }
    return disks.full(folder).map(full -> reason + "; " + full + ": give a smaller -k, or --results on a larger"
        + " disk").orElse(reason);
  }

  private CheckResult fileCheck(Path runDir) throws IOException {
    FileCheck.Outcome o = FileCheck.run(config.kit());
    FileManifest.write(runDir.resolve("kit-files.sha256"), o.digests());
    return o.result();
  }

  private void record(List<CheckResult> into, CheckResult c) throws StrictAbort {
    into.add(c);
    out.line("  " + c.line());
    live.check(c.name(), c.passed());
    if (config.strict() && !c.passed()) {
      throw new StrictAbort(c);
    }
  }

  private IterationResult iteration(int n, List<String> substations, ExecutionSession session, Path runDir)
      throws DBException, StrictAbort, ExecutionSession.Failure {
    SutSession sut = session.sut();
    int outagesBefore = session.outages().size();
    String preparing = "iteration " + n + " preparation";
    Map<String, String> layout = session.watched(preparing, () -> {
      sut.admin().prepare(substations);
      return sut.admin().dataLayout();
    });
    List<CheckResult> before = new ArrayList<>(); // shown, and a strict run stopped, before any reading is written
    for (CheckResult c : session.watched(preparing, () -> liveCopies("iteration " + n + " before the warmup:", sut,
        substations)).stream().toList()) {
      record(before, c);
    }
    DeliveryLatency delivered = new DeliveryLatency(session.clocks(substations), "iteration " + n + " warmup",
        "iteration " + n + " measured", live);
    Optional<DeliveryWatch> reader = session.watched(preparing, () -> sut.admin().watchDeliveries(substations,
        delivered));
    try {
      out.line("iteration " + n + ": warmup ...");
      live.phase("iteration " + n + " warmup");
      PhaseResult warmup = session.execute("iteration " + n + " warmup", false, substations, config.kvps(), 0,
          runDir.resolve("iteration-" + n + "/warmup"));
      out.line(String.format("iteration %d: warmup done, %,d kvps in %.1f s", n, warmup.acknowledged(),
          warmup.elapsedSeconds()));
      delivered.measuredFrom(Clock.micros()); // every warmup reading was generated before now
      out.line("iteration " + n + ": measured run ...");
      live.phase("iteration " + n + " measured");
      PhaseResult measured = session.execute("iteration " + n + " measured", true, substations, config.kvps(),
          warmup.startMicros(), runDir.resolve("iteration-" + n + "/measured"));
      List<SutOutage> seen = session.outages();
      for (SutOutage o : seen.subList(outagesBefore, seen.size())) {
        out.line(String.format("  SUT outage in %s: no answer for %.1f s, then it answered again (%s)", o.phase(),
            o.seconds(), o.cause()));
      }
      out.line(String.format("iteration %d: measured run done, %,d kvps in %.1f s = %,.1f IoTps", n,
          measured.acknowledged(), measured.elapsedSeconds(), measured.iotps()));
      ConsumerRates consumers = null;
      if (reader.isPresent()) {
        awaitDeliveries(reader.get());
        warmup = warmup.withEndToEnd(delivered.warmup());
        measured = measured.withEndToEnd(delivered.measured());
        consumers = new ConsumerRates(delivered.measuredReceived(measured.startMicros(), readingBytes()),
            config.consumeStored() ? storedVolumeRead(n, substations, session,
                warmup.acknowledged() + measured.acknowledged()) : null);
      }
      PhaseResult readOnly = config.readOnly() == null ? null
          : readOnly(n, substations, session, warmup.startMicros(), measured.endMicros(), runDir);
      return dataCheck(n, substations, session, layout, warmup, measured, readOnly, consumers, before);
    } finally {
      reader.ifPresent(DeliveryWatch::close);
    }
  }

  /**
   * The read-only execution: only dashboard queries against the readings stored since {@code dataSince}, asked as
   * at {@code dataUntil}, the end of the measured run.
   */
  private PhaseResult readOnly(int n, List<String> substations, ExecutionSession session, long dataSince,
                               long dataUntil, Path runDir) throws ExecutionSession.Failure {
    String name = "iteration " + n + " read-only";
    out.line("iteration " + n + ": read-only queries ...");
    live.phase(name);
    PhaseResult r = session.readOnly(name, substations, dataSince, config.readOnly().until(dataUntil),
        runDir.resolve("iteration-" + n + "/read-only"));
    out.line(String.format("iteration %d: read-only done, %,d queries in %.1f s = %,.1f queries/s%s", n,
        r.queries(), r.elapsedSeconds(), r.queriesPerSecond(),
        r.failedQueries() > 0 ? String.format(", %,d failed", r.failedQueries()) : ""));
    return r;
  }

  /** The readings' bytes, or null where they are drawn from a range. */
  private Integer readingBytes() {
    return config.kvpSize().min() == config.kvpSize().max() ? config.kvpSize().min() : null;
  }

  /** The consumer-only read: a new consumer of everything the iteration stored, timed. */
  private ConsumerRates.Consumed storedVolumeRead(int n, List<String> substations, ExecutionSession session,
                                                  long stored) throws DBException, ExecutionSession.Failure {
    out.line("iteration " + n + ": a new consumer reads what the iteration stored ...");
    live.phase("iteration " + n + " consumer-only read");
    ConsumerRates.Consumed c = session.watched("iteration " + n + " consumer-only read",
        () -> StoredVolumeRead.read(session.sut().admin(), substations,
            DELIVERY_WAIT.plusSeconds(stored / SLOWEST_CONSUMER), readingBytes()));
    out.line(String.format("iteration %d: consumer-only read done, %,d readings in %.1f s = %,.0f readings/s", n,
        c.readings(), c.seconds(), c.readingsPerSecond()));
    return c;
  }

  /** Waits until the store's reader holds what was written, so that the end-to-end figures miss nothing. */
  private void awaitDeliveries(DeliveryWatch reader) throws DBException {
    try {
      reader.awaitCaughtUp(DELIVERY_WAIT);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("interrupted while the store's reader caught up");
    }
  }

  /** The copies of the iteration's readings as the store's copies show them; empty where the binding reads none. */
  private static Optional<CheckResult> liveCopies(String label, SutSession sut, List<String> substations)
      throws DBException {
    return sut.admin().liveCopies(substations).map(c -> ExecutionRules.liveCopies(label, c));
  }

  private IterationResult dataCheck(int n, List<String> substations, ExecutionSession session,
                                    Map<String, String> layout, PhaseResult warmup, PhaseResult measured,
                                    PhaseResult readOnly, ConsumerRates consumers, List<CheckResult> before)
      throws DBException, StrictAbort, ExecutionSession.Failure {
    SutSession sut = session.sut();
    out.line("iteration " + n + ": data check ...");
    live.phase("iteration " + n + " data check");
    // Each substation counted on its own: a reading under another substation of the run leaves the total equal.
    // The counts and the copies are asked in one watched call, over one watch connection.
    Held held = session.watched("iteration " + n + " data check",
        () -> new Held(sut.admin().countReadings(substations), sut.admin().liveCopies(substations),
            sut.admin().measurements()));
    List<SubstationCount> counts = ExecutionRules.substationCounts(substations, held.counts(), warmup, measured);
    long stored = counts.stream().mapToLong(SubstationCount::stored).sum();
    Map<String, String> storeMeasurements = held.measurements();
    List<CheckResult> checks = new ArrayList<>();
    for (CheckResult c : ExecutionRules.iteration(n, warmup, measured, counts, sut.answersQueries())) {
      record(checks, c);
    }
    checks.addAll(before);
    Optional<CheckResult> copiesAfter =
        held.copies().map(c -> ExecutionRules.liveCopies("iteration " + n + " at the data check:", c));
    if (copiesAfter.isPresent()) {
      record(checks, copiesAfter.get());
    }
    return new IterationResult(n, substations, warmup, measured, stored, counts, storeMeasurements, checks, layout,
        readOnly, consumers);
  }

  /**
   * What the store held at the data check: each substation's readings, the live copies where it tells them, and its
   * own measurements.
   */
  private record Held(Map<String, Long> counts, Optional<LiveCopies> copies, Map<String, String> measurements) {
  }
}

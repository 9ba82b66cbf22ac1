package io.iotkit.protocol;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.Replication;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.check.ExecutionRules;
import io.iotkit.check.FileCheck;
import io.iotkit.check.FileManifest;
import io.iotkit.environment.EnvironmentProbe;
import io.iotkit.files.FileTrees;
import io.iotkit.model.CheckResult;
import io.iotkit.hosts.DriverHost;
import io.iotkit.hosts.DriverHosts;
import io.iotkit.resources.ResourceSampler;
import io.iotkit.hosts.HostException;
import io.iotkit.hosts.HostReport;
import io.iotkit.hosts.InstanceSite;
import io.iotkit.hosts.Placement;
import io.iotkit.hosts.SutAddress;
import io.iotkit.model.DriverHostResult;
import io.iotkit.model.KitLayout;
import io.iotkit.process.LocalSetup;
import io.iotkit.model.Environment;
import io.iotkit.model.InstanceSpec;
import io.iotkit.model.IterationResult;
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
import io.iotkit.sut.Bindings;
import io.iotkit.sut.SutSession.SutException;
import io.iotkit.sut.SutSession;
import io.iotkit.sut.SutWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
  public static final String KIT_VERSION = "0.1.0";
  private static final int ITERATIONS = 2;
  /** Key of {@link RunResult#sutSettings} saying why the binding could not read them. */
  public static final String UNREADABLE = "unreadable";

  private final RunConfig config;
  private final BindingProvider provider;
  private final Pricing pricing;
  private final SystemDescription system;
  private final RunConsole out;

  private final List<CheckResult> prerequisites = new ArrayList<>();
  private final List<IterationResult> iterations = new ArrayList<>();
  private final List<CheckResult> cleanup = new ArrayList<>();
  private final List<DriverHostResult> driverHosts = new ArrayList<>();
  private final List<SutOutage> outages = new ArrayList<>();
  /** The run's driver hosts, or null when every instance runs on the master's host. */
  private DriverHosts hosts;
  private boolean badInput;
  /** Whether the SUT was found dead: then the kit neither waits for its client nor for a clean server stop. */
  private boolean sutDead;

  public RunProtocol(RunConfig config, BindingProvider provider, Pricing pricing, SystemDescription system,
                     RunConsole out) {
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
    Instant started = Instant.now();
    Environment environment = EnvironmentProbe.collect(config.instanceJvmOptions());
    Map<String, String> sutSettings = Map.of();
    RunStatus status = RunStatus.COMPLETED;
    String abortReason = "";
    Metrics metrics = null;
    String sutDescription = provider.name();
    SutSession sut = null;
    try {
      record(prerequisites, fileCheck(runDir));
      List<InstanceSite> sites = openHosts(runDir, environment);
      out.line("starting or connecting to the SUT (" + provider.name() + ") ...");
      checkWorkloadProperties();
      String listen = hosts == null ? LocalSetup.LOOPBACK : SutAddress.reachableFrom(config.hosts().hosts());
      sut = SutSession.open(provider, config.bindingProperties(),
          new LocalSetup(config.kit().home(), config.sutNodes(), listen), runDir.resolve("sut"));
      sutDescription = sut.description();
      out.line("SUT: " + sutDescription);
      sutSettings = sutSettings(sut);
      record(prerequisites, ExecutionRules.threads(config.threads()));
      record(prerequisites, ExecutionRules.unpaced(config.rate()));
      record(prerequisites, ExecutionRules.kvpSize(config.kvpBytes()));
      record(prerequisites, ExecutionRules.dashboardQueries(config.noQueries()));
      Replication r = sut.admin().replication();
      record(prerequisites, ExecutionRules.replication(r.factor(), r.source()));

      String runTag = runTag(System.currentTimeMillis());
      List<String> previous = List.of();
      for (int it = 1; it <= ITERATIONS; it++) {
        if (it > 1) {
          out.line("system cleanup: purge, temporary files, restart ...");
          for (CheckResult c : SystemCleanup.run(sut, previous, runDir.resolve("tmp"), runDir.resolve("logs"))) {
            record(cleanup, c);
          }
        }
        previous = substations(runTag, it);
        iterations.add(iteration(it, previous, sut, sites, runDir));
      }
      metrics = Metrics.compute(iterations, pricing);
    } catch (HostException e) {
      status = RunStatus.ABORTED;
      abortReason = e.getMessage();
      badInput = true;
    } catch (StrictAbort | SutException e) {
      status = RunStatus.ABORTED;
      abortReason = e.getMessage();
      badInput = e instanceof SutSession.BadSetupException;
      sutDead = e instanceof SutWatch.SutDeadException;
    } catch (DBException e) {
      status = RunStatus.ABORTED;
      String m = String.valueOf(e.getMessage());
      // e.g. a layout prepare() cannot make with these properties
      Optional<BadPropertyException> bad = BadPropertyException.in(e);
      badInput = bad.isPresent();
      abortReason = bad.map(b -> Bindings.badPropertyLine(provider.name(), config.bindingProperties(), b))
          .orElse(m.startsWith(provider.name() + ":") ? m : provider.name() + ": " + m);
    } catch (InstanceProcess.InstanceFailedException e) {
      status = RunStatus.ABORTED;
      abortReason = e.getMessage();
    } catch (InterruptedException e) {
      status = RunStatus.ABORTED;
      abortReason = "interrupted";
      Thread.currentThread().interrupt();
    } catch (IOException | RuntimeException e) {
      status = RunStatus.ABORTED;
      abortReason = "kit error: " + e;
    } finally {
      if (sut != null && sutDead) {
        out.line("letting go of the failed SUT ...");
        sut.abandon();
      } else if (sut != null) {
        out.line("stopping / disconnecting the SUT ...");
        sut.close();
      }
      FileTrees.delete(runDir.resolve("tmp"));
      if (hosts != null) {
        hosts.close();
      }
    }
    List<String> reasons = new ArrayList<>();
    for (List<CheckResult> list : allChecks()) {
      list.stream().filter(c -> !c.passed()).forEach(c -> reasons.add(c.reason()));
    }
    if (!abortReason.isEmpty()) {
      reasons.add(0, "run aborted: " + abortReason);
    }
    return new RunResult(KIT_VERSION, runDir.getFileName().toString(), status, abortReason, started,
        Instant.now(), inputs(), environment, system, sutDescription, sutSettings, prerequisites, iterations,
        cleanup, metrics, pricing, reasons.isEmpty(), reasons, driverHosts, outages);
  }

  /** The SUT's version and changed settings, for the FDR; a store that will not say does not stop the run. */
  private Map<String, String> sutSettings(SutSession sut) {
    try {
      return sut.admin().sutSettings();
    } catch (DBException | RuntimeException e) {
      out.line("  SUT settings could not be read (the FDR will say so): " + e.getMessage());
      return Map.of(UNREADABLE, String.valueOf(e.getMessage()));
    }
  }

  private RunInputs inputs() {
    return new RunInputs(config.substations(), config.kvps(), config.kvpBytes(), provider.name(), config.threads(),
        config.sutNodes(), config.strict(),
        pathOrNull(config.bindingProperties()), pathOrNull(config.pricing()),
        pathOrNull(config.systemDescription()), config.instanceJvmOptions(),
        config.hosts() == null ? null : config.hosts().file().toString(), config.rate(), config.arrivals(),
        config.noQueries());
  }

  private static String pathOrNull(Path p) {
    return p == null ? null : p.toString();
  }

  private List<List<CheckResult>> allChecks() {
    List<List<CheckResult>> all = new ArrayList<>();
    all.add(prerequisites);
    iterations.forEach(i -> all.add(i.checks()));
    all.add(cleanup);
    return all;
  }

  /**
   * Connects to the driver hosts (if the run has a host list), runs the file check on each against the one
   * manifest and measures their clocks; returns each instance's site.
   */
  private List<InstanceSite> openHosts(Path runDir, Environment environment) throws HostException, IOException, StrictAbort {
    if (config.hosts() == null) {
      return InstanceOrders.localSites(config, environment);
    }
    List<DriverHost> placement = Placement.place(config.hosts().hosts(), config.substations());
    out.line("driver hosts: " + config.hosts().hosts().size() + " over ssh (connecting, "
        + (config.hosts().ship() ? "shipping the kit, " : "") + "file check, clocks) ..."
        + (config.hosts().sutHosts().isEmpty() ? "" : "; SUT hosts to sample: " + config.hosts().sutHosts().size()));
    Path hostsDir = runDir.resolve("hosts");
    hosts = DriverHosts.open(config.hosts(), placement, config.kit(), provider.name(), config.instanceJvmOptions(),
        hostsDir, runDir.getFileName().toString(), out::line);
    Map<String, String> released = FileManifest.read(config.kit().manifest());
    Map<String, String> expected = new LinkedHashMap<>();
    released.forEach((f, hex) -> {
      if (KitLayout.isDriverHostFile(f, provider.name())) {
        expected.put(f, hex);
      }
    });
    HostReport worst = null;
    for (HostReport r : hosts.reports()) {
      String name = r.host().name();
      FileManifest.write(hostsDir.resolve(DriverHosts.folderName(r.host())).resolve("kit-files.sha256"),
          r.digests());
      record(prerequisites, FileCheck.compare("file check on " + name, expected, r.digests(),
          "kit files on " + name + " differ from the released kit; copy the kit there again (--ship)"));
      List<Integer> instances = new ArrayList<>();
      for (int i = 0; i < placement.size(); i++) {
        if (placement.get(i).equals(r.host())) {
          instances.add(i);
        }
      }
      driverHosts.add(new DriverHostResult(name, r.kitHome().toString(), instances, r.clock().offsetMicros(),
          r.clock().errorMicros(), r.environment()));
      InstanceOrders.checkHostMemory(config, r, instances.size());
      if (worst == null || r.clock().boundMicros() > worst.clock().boundMicros()) {
        worst = r;
      }
    }
    record(prerequisites, ExecutionRules.clocks(worst.host().name(), worst.clock().boundMicros(),
        hosts.reports().size()));
    return hosts.placement();
  }

  /** The workload's own settings in the binding properties (e.g. iot.inflight.readings), before the SUT starts. */
  private void checkWorkloadProperties() throws SutException, IOException {
    InstanceOrders.checkWorkloadProperties(config, provider.name());
  }

  private CheckResult fileCheck(Path runDir) throws IOException {
    FileCheck.Outcome o = FileCheck.run(config.kit());
    FileManifest.write(runDir.resolve("kit-files.sha256"), o.digests());
    return o.result();
  }

  private void record(List<CheckResult> into, CheckResult c) throws StrictAbort {
    into.add(c);
    out.line("  " + c.line());
    if (config.strict() && !c.passed()) {
      throw new StrictAbort(c);
    }
  }

  private List<String> substations(String runTag, int iteration) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < config.substations(); i++) {
      keys.add(substationKey(runTag, iteration, i));
    }
    return keys;
  }

  /** Substation i's key in an iteration of the run tagged {@code runTag}. */
  static String substationKey(String runTag, int iteration, int i) {
    return String.format("%s-%d-%03d", runTag, iteration, i);
  }

  /** The run's tag: its start in epoch seconds, base 36, short in keys. */
  static String runTag(long epochMillis) {
    return Long.toString(epochMillis / 1000, 36);
  }

  private IterationResult iteration(int n, List<String> substations, SutSession sut, List<InstanceSite> sites,
                                    Path runDir)
      throws IOException, InterruptedException, DBException, StrictAbort, SutException {
    int outagesBefore = outages.size();
    byte[] properties = config.bindingProperties() == null ? new byte[0]
        : Files.readAllBytes(config.bindingProperties());
    PhaseRunner phases = new PhaseRunner(sites, site -> instanceCommand(site, runDir), properties, out,
        hosts == null ? Map.of() : hosts.sutCommands(ResourceSampler.REMOTE_LOOP));
    sut.admin().prepare(substations);
    Map<String, String> layout = sut.admin().dataLayout();
    PhaseResult warmup;
    PhaseResult measured;
    try (SutWatch watch = SutWatch.start(sut)) {
      try {
        out.line("iteration " + n + ": warmup ...");
        warmup = phases.run("iteration " + n + " warmup", false,
            specs(substations, "warmup", n, 0, sut, runDir), runDir.resolve("iteration-" + n + "/warmup"), watch);
        out.line(String.format("iteration %d: warmup done, %,d kvps in %.1f s", n, warmup.acknowledged(),
            warmup.elapsedSeconds()));
        out.line("iteration " + n + ": measured run ...");
        measured = phases.run("iteration " + n + " measured", true,
            specs(substations, "measured", n, warmup.startMicros(), sut, runDir),
            runDir.resolve("iteration-" + n + "/measured"), watch);
      } finally {
        outages.addAll(watch.outages());
      }
    }
    for (SutOutage o : outages.subList(outagesBefore, outages.size())) {
      out.line(String.format("  SUT outage in %s: no answer for %.1f s, then it answered again (%s)", o.phase(),
          o.seconds(), o.cause()));
    }
    out.line(String.format("iteration %d: measured run done, %,d kvps in %.1f s = %,.1f IoTps", n,
        measured.acknowledged(), measured.elapsedSeconds(), measured.iotps()));
    out.line("iteration " + n + ": data check ...");
    // Each substation counted on its own: a reading under another substation of the run leaves the total equal.
    List<SubstationCount> counts = ExecutionRules.substationCounts(substations,
        sut.admin().countReadings(substations), warmup, measured);
    long stored = counts.stream().mapToLong(SubstationCount::stored).sum();
    Map<String, String> storeMeasurements = sut.admin().measurements();
    List<CheckResult> checks = new ArrayList<>();
    for (CheckResult c : ExecutionRules.iteration(n, warmup, measured, counts, sut.answersQueries())) {
      record(checks, c);
    }
    return new IterationResult(n, substations, warmup, measured, stored, counts, storeMeasurements, checks, layout);
  }

  private List<InstanceSpec> specs(List<String> substations, String phase, int iteration, long dataSince,
                                   SutSession sut, Path runDir) {
    return InstanceOrders.specs(config, provider.name(), substations, phase, config.kvps(), dataSince,
        sut.overrides(), runDir.resolve("iteration-" + iteration).resolve(phase));
  }

  /** The instance's java command on a site, with the run's temporary folder there. */
  private List<String> instanceCommand(InstanceSite site, Path runDir) {
    Path tmp = hosts == null ? runDir.resolve("tmp") : hosts.temporaryFolder(site);
    return InstanceOrders.command(config, provider.name(), site, tmp);
  }
}

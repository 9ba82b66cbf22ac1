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
import io.iotkit.model.SystemDescription;
import io.iotkit.progress.RunConsole;
import io.iotkit.sut.SutSession.SutException;
import io.iotkit.sut.SutSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.slf4j.LoggerFactory;
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
  private boolean badInput;

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
    for (String warning : SutSession.warnings(provider, config.bindingProperties())) {
      out.line("warning: " + warning);
      LoggerFactory.getLogger(RunProtocol.class).warn(warning); // into master.log, read after the run
    }
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
      out.line("starting or connecting to the SUT (" + provider.name() + ") ...");
      sut = SutSession.open(provider, config.bindingProperties(),
          new LocalSetup(config.kit().home(), config.sutNodes(), LocalSetup.LOOPBACK), runDir.resolve("sut"));
      sutDescription = sut.description();
      out.line("SUT: " + sutDescription);
      sutSettings = sutSettings(sut);
      record(prerequisites, ExecutionRules.threads(config.threads()));
      Replication r = sut.binding().replication();
      record(prerequisites, ExecutionRules.replication(r.factor(), r.source()));

      String runTag = Long.toString(System.currentTimeMillis() / 1000, 36);
      List<String> previous = List.of();
      for (int it = 1; it <= ITERATIONS; it++) {
        if (it > 1) {
          out.line("system cleanup: purge, temporary files, restart ...");
          for (CheckResult c : SystemCleanup.run(sut, previous, runDir.resolve("tmp"), runDir.resolve("logs"))) {
            record(cleanup, c);
          }
        }
        previous = substations(runTag, it);
        iterations.add(iteration(it, previous, sut, runDir));
      }
      metrics = Metrics.compute(iterations, pricing);
    } catch (StrictAbort | SutException e) {
      status = RunStatus.ABORTED;
      abortReason = e.getMessage();
      badInput = e instanceof SutSession.BadSetupException;
    } catch (DBException e) {
      status = RunStatus.ABORTED;
      String m = String.valueOf(e.getMessage());
      abortReason = m.startsWith(provider.name() + ":") ? m : provider.name() + ": " + m;
      badInput = BadPropertyException.isCauseOf(e); // e.g. a layout prepare() cannot make with these properties
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
      if (sut != null) {
        out.line("stopping / disconnecting the SUT ...");
        sut.close();
      }
      FileTrees.delete(runDir.resolve("tmp"));
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
        cleanup, metrics, pricing, reasons.isEmpty(), reasons);
  }

  /** The SUT's version and changed settings, for the FDR; a store that will not say does not stop the run. */
  private Map<String, String> sutSettings(SutSession sut) {
    try {
      return sut.binding().sutSettings();
    } catch (DBException | RuntimeException e) {
      out.line("  SUT settings could not be read (the FDR will say so): " + e.getMessage());
      return Map.of(UNREADABLE, String.valueOf(e.getMessage()));
    }
  }

  private RunInputs inputs() {
    return new RunInputs(config.substations(), config.kvps(), provider.name(), config.threads(), config.sutNodes(),
        config.strict(),
        pathOrNull(config.bindingProperties()), pathOrNull(config.pricing()),
        pathOrNull(config.systemDescription()), config.instanceJvmOptions());
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
      keys.add(String.format("%s-%d-%03d", runTag, iteration, i));
    }
    return keys;
  }

  private IterationResult iteration(int n, List<String> substations, SutSession sut, Path runDir)
      throws IOException, InterruptedException, DBException, StrictAbort {
    PhaseRunner phases = new PhaseRunner(instanceClasspath(), jvmOptions(runDir), out);
    sut.binding().prepare(substations);
    Map<String, String> layout = sut.binding().dataLayout();
    out.line("iteration " + n + ": warmup ...");
    PhaseResult warmup = phases.run("iteration " + n + " warmup", false,
        specs(substations, "warmup", n, 0, sut, runDir), runDir.resolve("iteration-" + n + "/warmup"));
    out.line(String.format("iteration %d: warmup done, %,d kvps in %.1f s", n, warmup.acknowledged(),
        warmup.elapsedSeconds()));
    out.line("iteration " + n + ": measured run ...");
    PhaseResult measured = phases.run("iteration " + n + " measured", true,
        specs(substations, "measured", n, warmup.startMicros(), sut, runDir),
        runDir.resolve("iteration-" + n + "/measured"));
    out.line(String.format("iteration %d: measured run done, %,d kvps in %.1f s = %,.1f IoTps", n,
        measured.acknowledged(), measured.elapsedSeconds(), measured.iotps()));
    out.line("iteration " + n + ": data check ...");
    long stored = sut.binding().countReadings(substations);
    Map<String, String> storeMeasurements = sut.binding().measurements();
    List<CheckResult> checks = new ArrayList<>();
    for (CheckResult c : ExecutionRules.iteration(n, warmup, measured, stored, sut.binding().answersQueries())) {
      record(checks, c);
    }
    return new IterationResult(n, substations, warmup, measured, stored, storeMeasurements, checks, layout);
  }

  private List<InstanceSpec> specs(List<String> substations, String phase, int iteration, long dataSince,
                                   SutSession sut, Path runDir) {
    List<InstanceSpec> specs = new ArrayList<>();
    SplittableRandom seeds = new SplittableRandom(); // independent 64-bit seeds: no two instances generate alike
    int p = substations.size();
    Path dir = runDir.resolve("iteration-" + iteration).resolve(phase);
    for (int i = 0; i < p; i++) {
      long kvps = io.iotkit.model.WorkloadSpec.kvpsFor(i, p, config.kvps());
      String props = config.bindingProperties() == null ? null : config.bindingProperties().toString();
      specs.add(new InstanceSpec(phase, i, p, substations.get(i), kvps, config.threads(), provider.name(),
          props, sut.overrides(), dataSince, seeds.nextLong(),
          dir.resolve("instance-" + i + ".result.json").toString(), dir.resolve("instance-" + i + ".hlog").toString()));
    }
    return specs;
  }

  private List<Path> instanceClasspath() {
    List<Path> cp = new ArrayList<>(config.kit().driverClasspath());
    cp.addAll(config.kit().bindingClasspath(provider.name()));
    return cp;
  }

  private List<String> jvmOptions(Path runDir) throws IOException {
    Path tmp = runDir.resolve("tmp");
    Files.createDirectories(tmp);
    List<String> opts = new ArrayList<>(config.instanceJvmOptions());
    opts.add("-Djava.io.tmpdir=" + tmp);
    return opts;
  }
}

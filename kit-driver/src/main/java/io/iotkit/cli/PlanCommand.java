package io.iotkit.cli;

import io.iotkit.binding.BindingProvider;
import io.iotkit.environment.EnvironmentProbe;
import io.iotkit.model.Environment;
import io.iotkit.model.Json;
import io.iotkit.model.KitLayout;
import io.iotkit.model.KitRelease;
import io.iotkit.model.RunPlan;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.plan.Calibration;
import io.iotkit.plan.Planner;
import io.iotkit.progress.RunConsole;
import io.iotkit.protocol.ExecutionSession;
import io.iotkit.protocol.RunConfig;
import io.iotkit.report.PlanReport;
import io.iotkit.result.RunFolder;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Planning a compliant run: {@code tpcx-iot.sh plan -b NAME -p P}. */
@Command(name = "plan", mixinStandardHelpOptions = true, versionProvider = KitVersion.class, sortOptions = false, usageHelpAutoWidth = true,
    description = "Plans a compliant run on the SUT a run with these options would use: starts or reaches it as a run"
        + " does, runs one calibration (a short probe, then one workload execution of about --calibration-seconds"
        + " with P instances; not a result), purges what it wrote and stops a server it started. Prints and writes"
        + " (plan.json, plan.txt, in a new folder under the results folder) the measured rate, the K that makes every"
        + " execution last at least 1800 s x (1 + margin), the expected wall time of the whole run, the SUT's disk"
        + " for one iteration's readings, and the run's command line.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the plan is made (it says what stands between the SUT and a compliant run)",
        "1:the calibration failed (SUT unreachable or failing, an instance failed, kit error)",
        "2:bad input (options, binding, properties, host list)"})
final class PlanCommand implements Callable<Integer> {
  static final String JSON = "plan.json";
  static final String TEXT = "plan.txt";

  @Option(names = {"-p", "--substations"}, defaultValue = "1", paramLabel = "P",
      description = "Driver instances of the planned run, one per substation; the calibration runs as many"
          + " (default: ${DEFAULT-VALUE}).")
  int substations;

  @Mixin
  StoreOptions store = new StoreOptions();

  @Mixin
  SutLimitOptions sutLimits = new SutLimitOptions();

  @Mixin
  DriverHostOptions hosts = new DriverHostOptions();

  @Mixin
  InstanceOptions instances = new InstanceOptions();

  @Option(names = "--calibration-seconds", defaultValue = "60", paramLabel = "S",
      description = "About how long the calibration execution lasts, sized from a short probe; longer is surer"
          + " (default: ${DEFAULT-VALUE}).")
  double calibrationSeconds;

  @Option(names = "--margin", defaultValue = "20", paramLabel = "PCT",
      description = "Plan executions this much longer than 1800 s at the calibration's rate, for a rate that falls"
          + " as the store fills (default: ${DEFAULT-VALUE}).")
  double marginPercent;

  @Option(names = "--results", paramLabel = "DIR",
      description = "Folder that receives the plan's folder, and the planned run's (default: results).")
  Path results;

  @Mixin
  KitHomeOption kitHome = new KitHomeOption();

  @Override
  public Integer call() throws Exception {
    if (!(marginPercent >= 0) || Double.isInfinite(marginPercent)) {
      throw new BadInputException("--margin must be 0 % or more (it was " + marginPercent + ")");
    }
    if (!(calibrationSeconds >= 1) || calibrationSeconds > 3600) {
      throw new BadInputException("--calibration-seconds must be between 1 and 3600 (it was " + calibrationSeconds
          + ")");
    }
    int progressSeconds = instances.progressSeconds();
    KitLayout kit = kitHome.layout();
    Path properties = store.propertiesFile(kit);
    List<String> jvmOptions = instances.jvmOptions(store.binding);
    Path resultsRoot = results != null ? results : kit.home().resolve("results");
    RunConfig config;
    try {
      // the planned run's settings; its K is what the plan finds, so the config carries the smallest valid one
      config = new RunConfig(substations, Math.max(1, substations), io.iotkit.model.KvpSize.COMPLIANT,
          store.binding, properties, null, null, false, instances.threads, store.sutNodes, sutLimits.limits(),
          resultsRoot, jvmOptions, 0, null, false, kit, hosts.plan(kit), Map.of(), null, false);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
    BindingProvider provider = BindingChoice.load(kit, store.binding);
    // Store clients load classes through the context class loader; threads started from here on inherit it.
    Thread.currentThread().setContextClassLoader(provider.getClass().getClassLoader());
    StopHook stop = StopHook.install(null);
    RunFolder folder = RunFolder.create(resultsRoot);
    folder.keepConfiguration(properties, null, null, hosts.file());
    Instant started = Instant.now();
    Calibration.Outcome outcome;
    try (LibraryOutput streams = LibraryOutput.divert(folder.file("master.log"))) {
      RunConsole console = RunConsole.choose(false, System.console() != null, progressSeconds, streams.console());
      console.line("plan folder: " + folder.dir());
      Environment environment = EnvironmentProbe.collect(jvmOptions);
      outcome = Calibration.run(config, provider, environment, folder.dir(), calibrationSeconds, console);
    } catch (ExecutionSession.Failure e) {
      stop.remove();
      System.err.println(RunCommand.NAME + ": plan aborted: " + e.getMessage() + " (plan folder: " + folder.dir()
          + ")");
      return e.badInput() ? RunCommand.EXIT_BAD_INPUT : RunCommand.EXIT_FAILED;
    }
    stop.remove();
    if (outcome.calibration().acknowledged() < 1) {
      System.err.println(RunCommand.NAME + ": plan aborted: the calibration execution had no reading acknowledged,"
          + " so there is no rate to plan from (plan folder: " + folder.dir() + ")");
      return RunCommand.EXIT_FAILED;
    }
    RunPlan.Inputs inputs = new RunPlan.Inputs(provider.name(), substations, instances.threads,
        store.sutNodes, store.bindingProperties == null ? null : store.bindingProperties.toString(),
        hosts.file() == null ? null : hosts.file().toString(), hosts.forThePlannedRun(),
        instances.jvmOptions == null ? null : jvmOptions, calibrationSeconds, marginPercent,
        config.sutLimits().cpus(), config.sutLimits().memoryBytes());
    RunPlan plan = Planner.plan(KitRelease.of(kit.home()).text(), folder.dir().getFileName().toString(), started,
        Instant.now(), inputs, outcome, results == null ? null : results.toString());
    String text = PlanReport.render(plan);
    folder.writeAtomically(JSON, Json.bytes(plan));
    folder.writeAtomically(TEXT, text);
    folder.markComplete();
    System.out.println();
    System.out.print(text);
    System.out.println();
    System.out.println("plan folder: " + folder.dir());
    System.out.println("plan.json:   " + folder.file(JSON));
    return RunCommand.EXIT_OK;
  }
}

package io.iotkit.cli;

import io.iotkit.audit.RunManifest;
import io.iotkit.binding.BindingProvider;
import io.iotkit.live.LiveRun;
import io.iotkit.live.MetricsEndpoint;
import io.iotkit.live.RunMetrics;
import io.iotkit.model.Arrivals;
import io.iotkit.model.KvpSize;
import io.iotkit.model.KitLayout;
import io.iotkit.model.Pricing;
import io.iotkit.model.ReadOnlyQueries;
import io.iotkit.model.RunResult;
import io.iotkit.model.SystemDescription;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.progress.RunConsole;
import io.iotkit.protocol.RunConfig;
import io.iotkit.protocol.RunProtocol;
import io.iotkit.report.HeadlessChromium;
import io.iotkit.report.ResultWriter.Written;
import io.iotkit.report.ResultWriter;
import io.iotkit.report.RunReport;
import io.iotkit.result.RunFolder;
import io.iotkit.sponsor.SponsorFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The benchmark run: {@code tpcx-iot.sh -p P -k K}. */
@Command(name = RunCommand.NAME, mixinStandardHelpOptions = true, versionProvider = KitVersion.class, sortOptions = false, usageHelpAutoWidth = true,
    subcommands = {ManifestCommand.class, ReportCommand.class, CompareCommand.class, ServerCommand.class,
        BenchCommand.class, PlanCommand.class, SweepCommand.class, VerifyCommand.class, PackageCommand.class},
    description = "Runs the benchmark: prerequisite checks, then two iterations of warmup + measured run with a"
        + " data check and a system cleanup between them; prints the run report and writes it, with all raw"
        + " results, into a new folder under the results folder. With no SUT address in the binding properties,"
        + " the kit starts a real local server itself (embedded default) and stops it at the end.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the run completed (the report says whether it is compliant)",
        "1:the run was aborted (SUT unreachable or failing, --strict rule broken, kit error)",
        "2:bad input (options, binding, properties, pricing or system description file)"})
final class RunCommand implements Callable<Integer> {
  static final String NAME = "tpcx-iot.sh";
  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_BAD_INPUT = 2;
  /** How long a read-only execution runs unless --query-seconds says. */
  static final int QUERY_SECONDS = 60;

  @Option(names = {"-p", "--substations"}, defaultValue = "1", paramLabel = "P",
      description = "Driver instances, one per simulated power substation (default: ${DEFAULT-VALUE}).")
  int substations;

  @Option(names = {"-k", "--kvps"}, defaultValue = "1000000000", paramLabel = "K",
      description = "kvps ingested by each workload execution, over all instances (default: ${DEFAULT-VALUE}).")
  long kvps;

  @Mixin
  StoreOptions store = new StoreOptions();

  @Option(names = "--binding-property", paramLabel = "KEY=VALUE",
      description = "A binding property laid over the file's, e.g. mysql.batch.size=10; repeatable. Credentials"
          + " belong in the file.")
  Map<String, String> givenProperties = new LinkedHashMap<>();

  @Mixin
  SutLimitOptions sutLimits = new SutLimitOptions();

  @Mixin
  DriverHostOptions hosts = new DriverHostOptions();

  @Mixin
  InstanceOptions instances = new InstanceOptions();

  @Option(names = "--pricing", paramLabel = "FILE",
      description = "Pricing file of the priced configuration: line items with part number, price source (list or"
          + " quote), list price and discount (or net unitPrice), quantity, maintenance term, the node they price"
          + " and availability date, checked against the pricing rules of docs/PROTOCOL.md section 5 (default:"
          + " workloads/pricing.json). Its fields: docs/SPONSOR-FILES.md.")
  Path pricing;

  @Option(names = "--strict",
      description = "Audited run: abort at the first broken rule instead of finishing non-compliant (default: off).")
  boolean strict;

  @Option(names = "--rate", defaultValue = "0", paramLabel = "KVPS",
      description = "Pace each instance at KVPS kvps/s, spread evenly over its threads, with insert latency measured"
          + " from each reading's scheduled time; a paced run is a non-compliant trial run (default: 0, unpaced).")
  long rate;

  @Option(names = "--arrivals", paramLabel = "fixed|gaussian|burst:N/Tms",
      description = "How each insert thread spaces its readings. With --rate, fixed: every gap the same; gaussian: each"
          + " gap drawn from a normal distribution with the fixed gap as mean and 25%% of it as standard deviation"
          + " (truncated at 0), from the instance's seed, so the mean rate is kept (default: fixed). Without --rate,"
          + " burst:N/Tms: N readings due together every T ms on each thread, sent back to back (a device that sends"
          + " a batch and sleeps), their latency from the burst's instant.")
  String arrivals;

  @Option(names = "--kvp-bytes", defaultValue = "" + WorkloadSpec.KVP_BYTES, paramLabel = "B|MIN-MAX",
      description = "Bytes of each reading, key, value, unit and padding together: the key, value and unit are kept"
          + " and the padding resized; up to " + WorkloadSpec.MAX_KVP_BYTES + ", at least the longest key, value and"
          + " unit (about 80). MIN-MAX draws each reading's size evenly from the range, from the instance's seed. Any"
          + " value but the default makes a non-compliant trial run (default: ${DEFAULT-VALUE}).")
  String kvpBytes;

  @Option(names = "--no-queries",
      description = "Ingest only: the instances run no dashboard queries; a non-compliant trial run, for measuring the"
          + " ingest path alone (default: off, queries on).")
  boolean noQueries;

  @Option(names = "--queries-per-second", paramLabel = "Q",
      description = "After each measured run, a read-only execution: each instance runs only dashboard queries, Q a"
          + " second spread over up to its threads (one per query a second), against the readings the iteration"
          + " stored, for --query-seconds; its query latency per template and the resources used are reported beside"
          + " the writes. A non-compliant trial run (default: none).")
  Long queriesPerSecond;

  @Option(names = "--query-seconds", paramLabel = "S",
      description = "How long the read-only execution of --queries-per-second runs (default: "
          + RunCommand.QUERY_SECONDS + ").")
  Integer querySeconds;

  @Option(names = "--consume-stored",
      description = "On a store that keeps what it delivers (Kafka): after each iteration's writes, a new consumer"
          + " reads everything the iteration stored, from the beginning, timed (the consumer-only rate, beside the"
          + " rate the reader on the master received the measured run at while it was written). A non-compliant"
          + " trial run (default: off).")
  boolean consumeStored;

  @Option(names = "--results", paramLabel = "DIR",
      description = "Folder that receives one folder per run (default: results).")
  Path results;

  @Option(names = "--system", paramLabel = "FILE",
      description = "The sponsor's system description for the full disclosure report"
          + " (default: workloads/system.json if present). Its fields: docs/SPONSOR-FILES.md.")
  Path system;

  @Option(names = {"-q", "--quiet"},
      description = "Print nothing while the run goes on, only the final report (default: off).")
  boolean quiet;

  @Option(names = "--screenshot",
      description = "Also save a PNG of the HTML report in the run folder; needs Chromium (default: off).")
  boolean screenshot;

  @Mixin
  MetricsOptions metrics = new MetricsOptions();

  @Mixin
  KitHomeOption kitHome = new KitHomeOption();

  @Override
  public Integer call() throws Exception {
    KitLayout kit = kitHome.layout();
    int progressSeconds = instances.progressSeconds();
    RunConfig config;
    try {
      config = new RunConfig(substations, kvps, KvpSize.parse(kvpBytes), store.binding, store.propertiesFile(kit), pricingFile(kit),
          systemFile(kit), strict, instances.threads, store.sutNodes, sutLimits.limits(),
          results != null ? results : kit.home().resolve("results"), instances.jvmOptions(store.binding), rate,
          arrivals(), noQueries, kit, hosts.plan(kit), givenProperties, readOnly(), consumeStored);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
    // The sponsor's files first, both of them: every bad field of either is said at once, whatever the binding.
    List<String> badFiles = new ArrayList<>();
    Pricing prices = null;
    SystemDescription description = null;
    try {
      prices = SponsorFiles.pricing(config.pricing());
    } catch (Pricing.InvalidPricingException e) {
      badFiles.add(e.getMessage());
    }
    try {
      if (config.systemDescription() != null) {
        description = SponsorFiles.system(config.systemDescription());
      }
    } catch (SystemDescription.InvalidSystemDescriptionException e) {
      badFiles.add(e.getMessage());
    }
    if (!badFiles.isEmpty()) {
      throw new BadInputException(String.join("\n", badFiles));
    }
    Pricing pricing = prices;
    SystemDescription system = description;
    return metrics.serving(endpoint -> run(kit, config, pricing, system, progressSeconds, endpoint));
  }

  /** The read-only execution asked for, or null for none. */
  private ReadOnlyQueries readOnly() {
    if (queriesPerSecond == null) {
      if (querySeconds != null) {
        throw new IllegalArgumentException(ReadOnlyQueries.SECONDS_ALONE);
      }
      return null;
    }
    return new ReadOnlyQueries(queriesPerSecond, querySeconds == null ? QUERY_SECONDS : querySeconds, 0);
  }

  private int run(KitLayout kit, RunConfig config, Pricing prices, SystemDescription description,
                  int progressSeconds, MetricsEndpoint endpoint) throws Exception {
    BindingProvider provider = BindingChoice.load(kit, store.binding);
    if (config.consumeStored() && !provider.keepsDeliveries()) {
      throw new BadInputException("--consume-stored reads what the store kept of its deliveries, and the "
          + provider.name() + " binding keeps none for a later reader: leave it out, or choose a log such as kafka");
    }
    if (config.readOnly() != null && !provider.answersQueries()) {
      throw new BadInputException("--queries-per-second asks dashboard queries, and the " + provider.name()
          + " binding answers none: leave it out, or choose a store that answers them");
    }
    // Store clients (Hadoop's Configuration among them) load classes through the context class loader;
    // threads the master starts from here on inherit the binding's.
    Thread.currentThread().setContextClassLoader(provider.getClass().getClassLoader());
    if (screenshot && HeadlessChromium.find().isEmpty()) { // say so now, not after hours of running
      throw new BadInputException("--screenshot needs Chromium, and none was found: install it (Debian: apt-get"
          + " install chromium) or set " + HeadlessChromium.ENV + " to its binary");
    }
    StopHook stop = StopHook.install(null);
    RunFolder folder = RunFolder.create(config.resultsRoot());
    folder.keepConfiguration(config.bindingProperties(), config.pricing(), config.systemDescription(),
        config.hosts() == null ? null : config.hosts().file());
    RunProtocol protocol;
    RunResult r;
    Written written;
    // Store clients and the libraries under them print and log; that belongs in master.log, not among the kit's
    // lines on the console.
    try (LibraryOutput streams = LibraryOutput.divert(folder.file("master.log"))) {
      RunConsole console = RunConsole.choose(quiet, System.console() != null, progressSeconds, streams.console());
      LiveRun live = LiveRun.NONE;
      if (endpoint != null) {
        RunMetrics figures = new RunMetrics(folder.dir().getFileName().toString(), provider.name(),
            metrics.labels, endpoint.url());
        endpoint.export(figures);
        live = figures;
        console.line("metrics: " + endpoint.url());
      }
      protocol = new RunProtocol(config, provider, prices, description, console, live);
      r = protocol.run(folder.dir());
      stop.proceedUnlessStopping(); // a run the kit was told to stop ended by its stop, not as it says
      written = ResultWriter.write(folder, r, kit.fdrTemplates());
    }
    stop.remove();
    folder.markComplete();
    if (r.completed() || !r.iterations().isEmpty()) {
      System.out.println();
      System.out.print(RunReport.render(r));
      System.out.println();
      ReportCommand.printPaths(folder, r, written, screenshot);
    }
    // last, once every file is there: what lets anyone tell later whether the folder is as the run left it
    RunManifest.of(folder.dir(), r.kitVersion(), kit).write(folder.dir());
    if (!r.completed()) {
      System.err.println(NAME + ": run aborted: " + r.abortReason() + " (results: " + folder.dir() + ")");
      return protocol.abortedOnBadInput() ? EXIT_BAD_INPUT : EXIT_FAILED;
    }
    return EXIT_OK;
  }

  /** --arrivals as given, or null when not given (the run config checks it against --rate). */
  private Arrivals arrivals() {
    return arrivals == null ? null : Arrivals.parse(arrivals);
  }

  private Path systemFile(KitLayout kit) throws BadInputException {
    if (system != null) {
      if (!Files.isRegularFile(system)) {
        throw new BadInputException("system description file " + system + " does not exist");
      }
      return system;
    }
    Path standard = kit.home().resolve("workloads/system.json");
    return Files.isRegularFile(standard) ? standard : null;
  }

  private Path pricingFile(KitLayout kit) {
    return pricing != null ? pricing : kit.home().resolve("workloads/pricing.json");
  }

}

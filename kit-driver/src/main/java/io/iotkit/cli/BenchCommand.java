package io.iotkit.cli;

import io.iotkit.bench.Bench;
import io.iotkit.bench.BenchMetrics;
import io.iotkit.bench.CpuSplit;
import io.iotkit.bench.PartGroup;
import io.iotkit.bench.RoundListener;
import io.iotkit.bench.StoreFigure;
import io.iotkit.bench.StoreParts;
import io.iotkit.binding.BindingProvider;
import io.iotkit.live.MetricsEndpoint;
import io.iotkit.model.BenchResult;
import io.iotkit.model.Json;
import io.iotkit.model.KitLayout;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.process.LocalSetup;
import io.iotkit.report.BenchReport;
import io.iotkit.sut.SutSession;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The kit's benchmark of itself: {@code tpcx-iot.sh bench}. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = KitVersion.class, sortOptions = false,
    description = "Benchmarks the kit on this machine, in one JVM, against references: generation of 1 KB readings"
        + " into the sink binding against YCSB's CoreWorkload with as many threads, and the kit's insert path with"
        + " measurement (histograms, per-second sampling) on against off. With --bindings, also each store: its"
        + " local server is started once (as a run starts it), and the kit's driver instance, with dashboard"
        + " queries off (ingest path) and on (full workload), is compared with the store's own client in a plain"
        + " loop writing the same readings with as many threads; for each, the rate, the client's CPU per reading"
        + " (without the JIT compiler's, shown apart) and, for a local server, the server's CPU and disk bytes"
        + " written per reading, each as a ratio with a 95 %% interval and a verdict against its target; the"
        + " instance's resident memory beside. Writes"
        + " bench.json, bench.html and bench.md (the table for docs). Ratios, not absolute rates, are what it reports.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the bench ran", "1:a store's server did not start or failed (the other stores are measured"
        + " and written, the report names it), or a kit error",
        "2:bad input (options, a binding without a plain client loop, binding properties)"})
final class BenchCommand implements Callable<Integer> {
  static final String JSON = "bench.json";
  static final String HTML = "bench.html";
  static final String MARKDOWN = "bench.md";
  static final String LOG = "bench.log";

  @Option(names = "--threads", split = ",", defaultValue = "1,2", paramLabel = "N[,N...]", hideParamSyntax = true,
      description = "Thread counts of the server-free parts, each measured on both sides (default: ${DEFAULT-VALUE}).")
  List<Integer> threads;

  @Option(names = "--bindings", split = ",", paramLabel = "NAME[,NAME...]", hideParamSyntax = true,
      description = "Stores to bench besides the server-free parts, e.g. hbase,kafka,mysql,mqtt,influxdb,postgresql,"
          + "mongodb,dynamodb; each needs a plain client loop (the sink has none). Each store's server is started from"
          + " workloads/<binding>.properties as a run starts it, one store at a time, and stopped with its data"
          + " purged at the end (default: none, the server-free parts only).")
  List<String> bindings;

  @Option(names = "--store-threads", split = ",", defaultValue = "" + WorkloadSpec.THREADS_PER_INSTANCE,
      paramLabel = "N[,N...]", hideParamSyntax = true,
      description = "Thread counts of the store parts, each used by both sides (the kit's instance and the plain"
          + " loop); the default is the insert threads of a compliant run's instance (default: ${DEFAULT-VALUE}).")
  List<Integer> storeThreads;

  @Option(names = "--store-figures", split = ",", defaultValue = "ingest,measurement,full",
      paramLabel = "FIGURE[,FIGURE...]", hideParamSyntax = true,
      description = "Which figures of each store to measure: ingest (ingest path against the plain loop),"
          + " measurement (measurement on against off), full (full workload against the plain loop; a store that"
          + " answers no queries has none) (default: ${DEFAULT-VALUE}).")
  List<String> storeFigures;

  @Option(names = "--rounds", defaultValue = "10", paramLabel = "R",
      description = "Measured rounds per side of each figure, after warmup rounds; a verdict against a target needs"
          + " at least 10 (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Option(names = "--round-seconds", defaultValue = "1", paramLabel = "S",
      description = "About how long one round of one side lasts (default: ${DEFAULT-VALUE}).")
  double roundSeconds;

  @Option(names = "--pin-cpus",
      description = "Pin the bench JVM to the first half of this machine's CPUs and each local server's processes"
          + " to the other half (taskset), so the two do not take each other's cores; the report says so.")
  boolean pinCpus;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Folder for bench.json, bench.html and bench.md (default: results/bench-<local time>).")
  Path out;

  @Mixin
  MetricsOptions metrics = new MetricsOptions();

  @Mixin
  KitHomeOption kitHome = new KitHomeOption();

  @Override
  public Integer call() throws Exception {
    if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
      throw new BadInputException("--threads: each thread count must be 1 or more, got " + threads);
    }
    if (rounds < 1) {
      throw new BadInputException("--rounds: must be 1 or more, got " + rounds);
    }
    if (!(roundSeconds > 0) || roundSeconds > 3600) {
      throw new BadInputException("--round-seconds: must be above 0 and at most 3600, got " + roundSeconds);
    }
    if (storeThreads.isEmpty()
        || storeThreads.stream().anyMatch(t -> t < 1 || t > WorkloadSpec.SENSORS_PER_SUBSTATION)) {
      throw new BadInputException("--store-threads: each thread count must be between 1 and "
          + WorkloadSpec.SENSORS_PER_SUBSTATION + ", got " + storeThreads);
    }
    Set<StoreFigure> figures = EnumSet.noneOf(StoreFigure.class);
    for (String name : storeFigures) {
      StoreFigure f = StoreFigure.named(name);
      if (f == null) {
        throw new BadInputException("--store-figures: no figure '" + name.trim() + "'; the figures are ingest,"
            + " measurement and full");
      }
      figures.add(f);
    }
    CpuSplit pinning = null;
    if (pinCpus) {
      try {
        pinning = CpuSplit.halves(Runtime.getRuntime().availableProcessors());
      } catch (IllegalArgumentException e) {
        throw new BadInputException("--pin-cpus: " + e.getMessage());
      }
    }
    KitLayout kit = kitHome.layout();
    BindingProvider sink = BindingChoice.load(kit, "null");
    List<BindingProvider> stores = new ArrayList<>();
    for (String name : bindings == null ? List.<String>of() : bindings) {
      BindingProvider p = BindingChoice.load(kit, name.trim());
      if (!StoreParts.hasPlainLoop(p)) {
        throw new BadInputException("--bindings: " + p.name() + " has no plain client loop to compare the kit with");
      }
      if (stores.stream().anyMatch(s -> s.name().equals(p.name()))) {
        throw new BadInputException("--bindings: " + p.name() + " is named twice");
      }
      stores.add(p);
    }
    Path dir = out != null ? out : kit.home().resolve("results")
        .resolve("bench-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    CpuSplit pinned = pinning;
    return metrics.serving(endpoint -> bench(kit, sink, stores, dir, figures, pinned, endpoint));
  }

  private int bench(KitLayout kit, BindingProvider sink, List<BindingProvider> stores, Path dir,
                    Set<StoreFigure> figures, CpuSplit pinning, MetricsEndpoint endpoint) throws Exception {
    Files.createDirectories(dir);
    RoundListener listener = RoundListener.NONE;
    if (endpoint != null) {
      BenchMetrics live = new BenchMetrics(dir.getFileName().toString());
      endpoint.export(live);
      listener = live;
      System.out.println("metrics: " + endpoint.url());
    }
    System.out.println("kit benchmark: " + rounds + " rounds of about " + roundSeconds + " s per side");
    List<PartGroup> groups = new ArrayList<>();
    groups.add(PartGroup.of(Bench.serverFree(sink, threads)));
    for (BindingProvider store : stores) {
      Path properties = kit.home().resolve("workloads").resolve(store.name() + ".properties");
      groups.add(new StoreParts(store, Files.isRegularFile(properties) ? properties : null,
          LocalSetup.single(kit.home()), dir.resolve("sut-" + store.name()), storeThreads, figures, pinning));
    }
    BenchResult result;
    // A store's server is a child process: an interrupted bench must not leave it running.
    StopHook stop = StopHook.install(null);
    // Store clients and the libraries under them print and log; that goes to bench.log, not among the figures.
    try (LibraryOutput streams = LibraryOutput.divert(dir.resolve(LOG))) {
      result = Bench.runGroups(groups, rounds, roundSeconds, pinning, streams.console()::println, listener);
    } catch (SutSession.BadSetupException e) {
      throw new BadInputException(e.getMessage());
    } catch (SutSession.SutException e) {
      stop.proceedUnlessStopping(); // a server the stop ended is no failure of the bench
      System.err.println(RunCommand.NAME + ": bench: " + e.getMessage());
      return RunCommand.EXIT_FAILED;
    }
    stop.remove();
    Json.write(dir.resolve(JSON), result);
    Files.writeString(dir.resolve(HTML), BenchReport.html(result), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(MARKDOWN), BenchReport.markdown(result), StandardCharsets.UTF_8);
    System.out.println();
    System.out.print(BenchReport.text(result));
    System.out.println();
    System.out.println("bench.json: " + dir.resolve(JSON));
    System.out.println("bench.html: " + dir.resolve(HTML));
    System.out.println("bench.md:   " + dir.resolve(MARKDOWN) + " (the table for docs)");
    System.out.println("bench.log:  " + dir.resolve(LOG) + " (what store clients and libraries printed)");
    for (String failure : result.failures()) {
      System.err.println(RunCommand.NAME + ": bench: not measured: " + failure);
    }
    return result.failures().isEmpty() ? 0 : RunCommand.EXIT_FAILED;
  }
}

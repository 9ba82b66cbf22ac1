package io.iotkit.bench;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.files.FileTrees;
import io.iotkit.instance.KitReadings;
import io.iotkit.model.BenchResult;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import io.iotkit.model.WorkloadSpec;
import io.iotkit.resources.DiskUsage;
import io.iotkit.resources.ProcessTotals;
import io.iotkit.sut.Bindings;
import io.iotkit.sut.SutSession;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Properties;

/**
 * The bench parts of one store: its server started once as a run starts it ({@link SutSession}), then per thread
 * count the kit's driver instance beside the store's plain client loop ({@link PlainClientLoop}), both writing the
 * kit's readings into the same substation with as many threads:
 * <ul>
 *   <li>ingest path: the instance with dashboard queries off ({@code --no-queries}) against the loop;
 *   <li>measurement on / off: the instance with and without insert histograms and per-second sampling, queries
 *       off (measurement costs at most 2 % of the client's CPU per reading);
 *   <li>full workload: the instance with queries on, as in a run, against the loop with the same queries asked
 *       beside it ({@link LoopDashboard}); only for a store that answers queries (for one that does not, it would
 *       be the ingest path again);
 *   <li>instance resources: the JVM's resident memory in the kit side's rounds of the full workload (of the
 *       ingest path for a store that answers no queries, or when the full workload is not among the figures
 *       asked for).
 * </ul>
 * When the kit started the store's server, each round also reads the server's CPU time and disk bytes written.
 * A bench may ask for some of these figures only ({@link StoreFigure}).
 * Substations are named as the master names them ({@code <runTag>-1-<NNN>}, one per part) and prepared together
 * before the first write, as an iteration prepares its own. {@link #close} purges what was written and stops the
 * server.
 */
public final class StoreParts implements PartGroup {
  /**
   * Targets of the ingest path against the store's plain client loop: at least 0.95 of its rate, at most 1.15
   * times its client CPU per reading, and at most 1.05 times the server CPU per reading it causes.
   */
  static final BenchResult.Targets INGEST_TARGETS = new BenchResult.Targets(0.95, 1.15, 1.05);
  /**
   * Targets of the full workload against the plain loop with the same queries beside it: at least 0.9 of its
   * rate, and the ingest path's CPU targets.
   */
  static final BenchResult.Targets FULL_WORKLOAD_TARGETS = new BenchResult.Targets(0.9, 1.15, 1.05);
  /** The most disk a local server may hold per byte of the readings it holds. */
  static final double HELD_CEILING = 2.0;
  /** Readings of the kit's generator the plain loop takes its contents from, in turn. */
  static final int POOL_SIZE = 10_000;

  private final BindingProvider provider;
  private final Path propertiesFile;
  private final LocalSetup setup;
  private final Path workDir;
  private final List<Integer> threadCounts;
  private final Set<StoreFigure> figures;
  private final List<PlainClientLoop> loops = new ArrayList<>();
  private final List<LoopDashboard> dashboards = new ArrayList<>();
  private final List<DiskAfterRound> diskAfterRounds = new ArrayList<>();
  /** What the local server's folder held once it served, before the first reading; -1 when unknown. */
  private long emptyBytes = -1;
  private long readingsWritten;
  private final CpuSplit pinning;
  private SutSession sut;
  private ClassLoader callersLoader;

  /**
   * @param propertiesFile the binding properties (workloads/&lt;binding&gt;.properties), or null for none
   * @param workDir where a local server keeps its data and logs
   * @param threadCounts one part of each figure per count
   */
  public StoreParts(BindingProvider provider, Path propertiesFile, LocalSetup setup, Path workDir,
                    List<Integer> threadCounts) {
    this(provider, propertiesFile, setup, workDir, threadCounts, EnumSet.allOf(StoreFigure.class));
  }

  /** @param figures the figures to measure, at least one; the full workload only for a store that answers queries */
  public StoreParts(BindingProvider provider, Path propertiesFile, LocalSetup setup, Path workDir,
                    List<Integer> threadCounts, Set<StoreFigure> figures) {
    this(provider, propertiesFile, setup, workDir, threadCounts, figures, null);
  }

  /** @param pinning where the local server's processes are pinned, or null for nowhere */
  public StoreParts(BindingProvider provider, Path propertiesFile, LocalSetup setup, Path workDir,
                    List<Integer> threadCounts, Set<StoreFigure> figures, CpuSplit pinning) {
    this.pinning = pinning;
    if (figures.isEmpty()) {
      throw new IllegalArgumentException("no figure to measure");
    }
    this.provider = provider;
    this.propertiesFile = propertiesFile;
    this.setup = setup;
    this.workDir = workDir;
    this.threadCounts = List.copyOf(threadCounts);
    this.figures = EnumSet.copyOf(figures);
  }

  @Override
  public String name() {
    return provider.name();
  }

  /** Whether the binding offers a plain client loop at all (overrides the interface's empty default). */
  public static boolean hasPlainLoop(BindingProvider provider) {
    try {
      return provider.getClass().getMethod("plainClientLoop", Properties.class).getDeclaringClass()
          != BindingProvider.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /**
   * Starts the store's server (or connects to the one the properties name), prepares the substations and makes
   * the parts.
   *
   * @throws SutSession.SutException with one line for the user when the SUT cannot be started or used
   */
  @Override
  public List<BenchPart> open() throws Exception {
    // Store clients (Hadoop's Configuration among them) load classes through the context class loader; the
    // threads the parts start inherit it.
    callersLoader = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(provider.getClass().getClassLoader());
    sut = SutSession.open(provider, propertiesFile, Map.of(), setup, workDir);
    // the server's own counters only where the kit started it: a sponsor's server is on hosts of its own
    SutSession session = sut;
    if (sut.embedded()) {
      emptyBytes = DiskUsage.of(workDir);
    }
    ProcessTotals server = sut.embedded()
        ? ProcessTotals.of(() -> session.nodes().stream().map(LocalServer.Node::pid).toList()) : null;
    if (pinning != null && sut.embedded()) {
      try {
        pinning.pinServer(sut.nodes().stream().map(LocalServer.Node::pid).toList());
      } catch (IOException e) {
        throw new SutSession.SutException(provider.name() + ": " + e.getMessage());
      }
    }
    Properties properties = Bindings.properties(propertiesFile, sut.overrides());
    boolean queries = sut.answersQueries();
    String runTag = Long.toString(System.currentTimeMillis() / 1000, 36);
    List<String> substations = new ArrayList<>();
    List<BenchPart> parts = new ArrayList<>();
    String name = provider.name();
    boolean full = queries && figures.contains(StoreFigure.FULL);
    for (int t : threadCounts) {
      // the instance's resources from the full workload's kit rounds, else from the ingest path's
      if (figures.contains(StoreFigure.INGEST)) {
        String ingest = substation(runTag, substations);
        parts.add(new PairedPart("ingest path, " + name + ", " + Bench.threads(t), "kvps/s",
            "kit instance, dashboard queries off (--no-queries), measured as in a run", reference(t, false),
            INGEST_TARGETS,
            held(new KitIngest(provider, properties, t, true, false, ingest, server)::round),
            held(plainSide(properties, ingest, t, false, server)::round), full ? null : resources(t)));
      }
      if (figures.contains(StoreFigure.MEASUREMENT)) {
        // Measurement's cost where it matters: beside a store's insert latency rather than the sink's few hundred ns.
        String measured = substation(runTag, substations);
        parts.add(new PairedPart("measurement on / off, " + name + ", " + Bench.threads(t), "kvps/s",
            "kit instance, insert histograms and per-second sampling on, queries off",
            "kit instance, measurement off, queries off", Bench.MEASUREMENT_TARGETS,
            held(new KitIngest(provider, properties, t, true, false, measured, server)::round),
            held(new KitIngest(provider, properties, t, false, false, measured, server)::round), null));
      }
      if (full) {
        String fullWorkload = substation(runTag, substations);
        parts.add(new PairedPart("full workload, " + name + ", " + Bench.threads(t), "kvps/s",
            "kit instance, dashboard queries on (5 per 10,000 kvps), measured as in a run", reference(t, true),
            FULL_WORKLOAD_TARGETS, held(new KitIngest(provider, properties, t, true, true, fullWorkload, server)::round),
            held(plainSide(properties, fullWorkload, t, true, server)::round), resources(t)));
      }
    }
    if (parts.isEmpty()) {
      throw new SutSession.BadSetupException(name + " answers no dashboard queries: it has no full workload figure;"
          + " ask for ingest or measurement");
    }
    sut.admin().prepare(substations);
    for (LoopDashboard dashboard : dashboards) {
      dashboard.open();
    }
    return parts;
  }

  /**
   * The side, followed after each of its rounds by the local server's disk: what its folder holds over the bytes
   * of the readings written so far (nothing is deleted between rounds, warmup rounds' readings included).
   */
  private PairedPart.Side held(PairedPart.Side side) {
    return seconds -> {
      BenchPart.Round round = side.round(seconds);
      readingsWritten += round.operations() + round.discardedOperations();
      if (sut.embedded()) {
        long bytes = DiskUsage.of(workDir);
        double readingBytes = (double) readingsWritten * WorkloadSpec.KVP_BYTES;
        if (bytes >= 0) {
          diskAfterRounds.add(new DiskAfterRound(bytes, readingBytes));
        }
      }
      return round;
    };
  }

  /**
   * The disk the local server holds, twice: all of its folder, and what the folder grew by since the server
   * served, before the first reading. Files a server makes whatever it holds (preallocated redo logs, WAL
   * segments, its own logs) weigh most in the bench's short rounds and next to nothing in a run of hours, so the
   * ceiling of twice the readings' bytes applies to the growth: the disk each reading costs.
   */
  @Override
  public List<BenchResult.Measurement> measurements() {
    List<BenchResult.Measurement> all = new ArrayList<>();
    String rounds = " after each round of its parts, warmup rounds included, over the bytes of the 1 KB readings"
        + " written so far (nothing is deleted between rounds)";
    if (!diskAfterRounds.isEmpty()) {
      all.add(new BenchResult.Measurement("disk held, " + provider.name(), "B per B of readings",
          "the local server's folder (" + workDir.getFileName() + ": store files and logs, as du counts them)"
              + rounds, perByteOfReadings(0)));
      if (emptyBytes >= 0) {
        all.add(new BenchResult.Measurement("disk held above the empty server, " + provider.name(),
            "B per B of readings", "what the local server's folder grew by since the server served, before the"
                + " first reading," + rounds, perByteOfReadings(emptyBytes), HELD_CEILING));
      }
    }
    return all;
  }

  /** The local server's folder after a round, beside the bytes of the readings written by then. */
  private record DiskAfterRound(long folderBytes, double readingBytes) {
  }

  /** The folder's bytes after each round, less {@code baseBytes}, over the readings' bytes by then. */
  private double[] perByteOfReadings(long baseBytes) {
    return diskAfterRounds.stream().mapToDouble(d -> (d.folderBytes() - baseBytes) / d.readingBytes()).toArray();
  }

  private String resources(int threads) {
    return "instance resources, " + provider.name() + ", " + Bench.threads(threads);
  }

  private String reference(int threads, boolean queries) {
    return provider.name() + "'s own client in a plain loop, " + Bench.threads(threads) + (queries
        ? ", with the dashboard's queries beside it (5 per 10,000 readings, the binding's window query on a thread"
            + " of its own)" : ", inserts only");
  }

  /** The next substation of the bench's one iteration: {@code <runTag>-1-000}, {@code -001}, ... */
  private static String substation(String runTag, List<String> taken) {
    String s = String.format("%s-1-%03d", runTag, taken.size());
    taken.add(s);
    return s;
  }

  /** The plain loop writing into {@code substation}; with {@code queries}, the dashboard's queries beside it. */
  private PlainLoopWrites plainSide(Properties properties, String substation, int threads, boolean queries,
                                    ProcessTotals server) throws Exception {
    PlainClientLoop loop = provider.plainClientLoop(properties).orElseThrow(() -> new IllegalStateException(
        provider.name() + " has no plain client loop"));
    loops.add(loop);
    LoopDashboard dashboard = null;
    if (queries) {
      dashboard = new LoopDashboard(provider, properties, substation);
      dashboards.add(dashboard);
    }
    return new PlainLoopWrites(loop, substation, KitReadings.pool(substation, POOL_SIZE, loops.size()), threads,
        dashboard, server);
  }

  /**
   * Closes the plain loops, purges what the parts wrote and stops the server (the server also when a step fails).
   * Once purged, the local server's folder goes too (gigabytes of emptied store files and logs); after a failure
   * it stays, for its logs.
   */
  @Override
  public void close() throws Exception {
    boolean purged = false;
    try {
      for (PlainClientLoop loop : loops) {
        loop.close();
      }
      for (LoopDashboard dashboard : dashboards) {
        dashboard.close();
      }
      if (sut != null) {
        sut.admin().purge();
        purged = true;
      }
    } finally {
      if (sut != null) {
        sut.close();
      }
      if (callersLoader != null) {
        Thread.currentThread().setContextClassLoader(callersLoader);
      }
    }
    if (purged) {
      FileTrees.delete(workDir);
    }
  }
}

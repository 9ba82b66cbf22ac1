package io.iotkit.protocol;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.errors.ConnectFailures;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.files.FileTrees;
import io.iotkit.hosts.ClockOffset;
import io.iotkit.hosts.DriverHost;
import io.iotkit.hosts.DriverHosts;
import io.iotkit.hosts.HostException;
import io.iotkit.hosts.HostReport;
import io.iotkit.hosts.InstanceSite;
import io.iotkit.hosts.Placement;
import io.iotkit.hosts.SutAddress;
import io.iotkit.live.LiveRun;
import io.iotkit.model.Environment;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.ReadOnlyQueries;
import io.iotkit.model.SutOutage;
import io.iotkit.process.LocalSetup;
import io.iotkit.progress.RunConsole;
import io.iotkit.resources.ResourceSampler;
import io.iotkit.sut.Bindings;
import io.iotkit.sut.SutSession;
import io.iotkit.sut.SutWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import site.ycsb.DBException;

/**
 * The one execution path of the kit: the driver hosts and the SUT opened, and workload executions run on them,
 * each with one instance JVM per substation ordered by {@link InstanceOrders}, started together by
 * {@link PhaseRunner}, with the SUT watched from its start to its stop (one {@link SutWatch} for the session, whose
 * phase each execution and each watched call names). A run ({@link RunProtocol}) is the checks around its executions;
 * {@code plan} calibrates through the same executions. It does not know the protocol: its callers decide which
 * executions to run, and what to check around them.
 *
 * <p>Everything goes into one folder: the local server's data ({@code sut}), the driver hosts' logs
 * ({@code hosts}), the instances' temporary files ({@code tmp}, deleted on close).
 */
public final class ExecutionSession implements AutoCloseable {
  private final RunConfig config;
  private final BindingProvider provider;
  private final Path dir;
  private final RunConsole out;
  private final LiveRun live;
  /** The SUT's outages when the watch closed; while it runs, the watch holds them. */
  private List<SutOutage> outages = List.of();
  private final byte[] bindingProperties;
  private DriverHosts hosts;
  private List<DriverHost> placement = List.of();
  private List<InstanceSite> sites;
  private SutSession sut;
  private SutWatch watch;
  private boolean sutDead;
  /** A cause besides the SUT's silence that ends an execution or a watched call: a disk running out. */
  private Supplier<Optional<String>> alsoFatal = Optional::empty;

  private ExecutionSession(RunConfig config, BindingProvider provider, Path dir, RunConsole out, LiveRun live)
      throws IOException {
    this.live = live;
    this.config = config;
    this.provider = provider;
    this.dir = dir;
    this.out = out;
    this.bindingProperties = config.bindingProperties() == null ? new byte[0]
        : Files.readAllBytes(config.bindingProperties());
  }

  /**
   * Opens the driver hosts, where {@code config} has a host list (connection, the kit shipped if asked, each
   * host's file digests, clock and memory); the SUT waits for {@link #startSut}, so that a caller can check the
   * hosts first. {@code config.kvps()} is not used: each execution names its own.
   *
   * @throws Failure with one line for the user; the session is closed again
   */
  public static ExecutionSession connect(RunConfig config, BindingProvider provider, Environment environment,
                                         Path dir, RunConsole out, LiveRun live) throws Failure {
    ExecutionSession s = null;
    try {
      s = new ExecutionSession(config, provider, dir, out, live);
      s.sites = s.openHosts(environment);
      return s;
    } catch (HostException e) {
      throw closing(s, new Failure(e.getMessage(), true));
    } catch (IOException | RuntimeException e) {
      throw closing(s, new Failure("kit error: " + e, false));
    }
  }

  /** {@link #connect} and {@link #startSut} in one. */
  public static ExecutionSession open(RunConfig config, BindingProvider provider, Environment environment, Path dir,
                                      RunConsole out) throws Failure {
    ExecutionSession s = connect(config, provider, environment, dir, out, LiveRun.NONE);
    s.startSut();
    return s;
  }

  /**
   * Starts the local server or connects to the configured SUT, listening on an address the driver hosts reach,
   * after the binding properties' workload settings were checked.
   *
   * @throws Failure with one line for the user; the session is closed again
   */
  public void startSut() throws Failure {
    try {
      InstanceOrders.checkWorkloadProperties(config, provider.name());
      String listen = hosts == null ? LocalSetup.LOOPBACK : SutAddress.reachableFrom(config.hosts().hosts());
      sut = SutSession.open(provider, config.bindingProperties(), config.givenProperties(),
          new LocalSetup(config.kit().home(), config.sutNodes(), listen, config.sutLimits()), sutFolder());
      watch = SutWatch.start(sut, () -> alsoFatal.get(), live::sutSilence);
    } catch (HostException e) {
      throw closing(this, new Failure(e.getMessage(), true));
    } catch (SutSession.SutException e) {
      throw closing(this, new Failure(e.getMessage(), e instanceof SutSession.BadSetupException));
    } catch (IOException | RuntimeException e) {
      throw closing(this, new Failure("kit error: " + e, false));
    }
  }

  private static Failure closing(ExecutionSession s, Failure f) {
    if (s != null) {
      s.close();
    }
    return f;
  }

  /** Ends the executions and the watched calls from now on when {@code fault} gives a reason. */
  public void endWhen(Supplier<Optional<String>> fault) {
    alsoFatal = fault;
  }

  /** Where a local server the kit started keeps its data and logs (it may not exist for an external SUT). */
  public Path sutFolder() {
    return dir.resolve("sut");
  }

  /** Where each driver host's logs and files go, one folder per host ({@link DriverHosts#folderName}). */
  public Path hostsFolder() {
    return dir.resolve("hosts");
  }

  /** What each driver host reported when it was opened; empty when every instance runs on this machine. */
  public List<HostReport> hostReports() {
    return hosts == null ? List.of() : hosts.reports();
  }

  /** The instances (0..P-1) that run on a driver host. */
  public List<Integer> instancesOn(DriverHost host) {
    List<Integer> on = new ArrayList<>();
    for (int i = 0; i < placement.size(); i++) {
      if (placement.get(i).equals(host)) {
        on.add(i);
      }
    }
    return on;
  }

  /** Per substation of an iteration, the clock of the driver host its instance runs on (instance i, substation i). */
  Map<String, ClockOffset> clocks(List<String> substations) {
    Map<String, ClockOffset> clocks = new HashMap<>();
    for (int i = 0; i < substations.size(); i++) {
      clocks.put(substations.get(i), sites.get(i).clock());
    }
    return clocks;
  }

  /** The SUT: the local server or the configured one, and the master's administration of it. */
  public SutSession sut() {
    return sut;
  }

  /** Whether the binding properties name a command that restarts the SUT in a run's cleanup (an external SUT). */
  public boolean restartConfigured() throws Failure {
    try {
      return sut.property(SystemCleanup.RESTART_COMMAND).isPresent();
    } catch (SutSession.SutException e) {
      throw new Failure(e.getMessage(), false);
    }
  }

  /** The SUT's silences that ended, over the session so far. */
  public List<SutOutage> outages() {
    return watch != null ? watch.outages() : outages;
  }

  /** Whether an execution found the SUT dead: then closing neither waits for its client nor for a clean stop. */
  public boolean sutFoundDead() {
    return sutDead;
  }

  /** Substation keys as a run names them: {@code <tag>-<iteration>-<NNN>}, one per instance. */
  public List<String> substations(String tag, int iteration) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < config.substations(); i++) {
      keys.add(substationKey(tag, iteration, i));
    }
    return keys;
  }

  /** Substation i's key in an iteration of the run tagged {@code tag}. */
  static String substationKey(String tag, int iteration, int i) {
    return String.format("%s-%d-%03d", tag, iteration, i);
  }

  /** A run's tag: its start in epoch seconds, base 36, short in keys. */
  public static String tag(long epochMillis) {
    return Long.toString(epochMillis / 1000, 36);
  }

  /**
   * Runs one workload execution of {@code kvps} over all instances into {@code substations} (prepared by the caller
   * through the SUT's administration), with the SUT watched.
   *
   * @param measured  whether it is a measured run (its result says so; the protocol's metrics come from these)
   * @param dataSince epoch µs since which these substations hold data (bounds query window B), 0 for none yet
   * @param phaseDir  where the instances' specs, logs and results go
   * @throws Failure with one line for the user: the SUT found dead, an instance failed, an interrupt
   */
  public PhaseResult execute(String name, boolean measured, List<String> substations, long kvps, long dataSince,
                             Path phaseDir) throws Failure {
    return execute(name, measured, substations, kvps, dataSince, null, phaseDir);
  }

  /** A read-only execution: the instances run only {@code readOnly}'s queries against the data since then. */
  public PhaseResult readOnly(String name, List<String> substations, long dataSince, ReadOnlyQueries readOnly,
                              Path phaseDir) throws Failure {
    return execute(name, true, substations, 0, dataSince, readOnly, phaseDir);
  }

  private PhaseResult execute(String name, boolean measured, List<String> substations, long kvps, long dataSince,
                              ReadOnlyQueries readOnly, Path phaseDir) throws Failure {
    try {
      PhaseRunner runner = new PhaseRunner(sites, site -> InstanceOrders.command(config, provider.name(), site,
          hosts == null ? dir.resolve("tmp") : hosts.temporaryFolder(site)), bindingProperties, out, live,
          hosts == null ? Map.of() : hosts.sutCommands(ResourceSampler.REMOTE_LOOP));
      return runner.run(name, measured, InstanceOrders.specs(config, provider.name(), substations, name, kvps,
          dataSince, readOnly, sut.overrides(), phaseDir), phaseDir, watch, sut.embedded() ? sutFolder() : null);
    } catch (SutWatch.SutDeadException e) {
      sutDead = true;
      throw new Failure(e.getMessage(), false);
    } catch (SutSession.SutException | InstanceProcess.InstanceFailedException e) {
      throw new Failure(e.getMessage(), false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Failure("interrupted", false);
    } catch (IOException | RuntimeException e) {
      throw new Failure("kit error: " + e, false);
    }
  }

  /**
   * Runs a call on the SUT's administration between executions (preparing an iteration, reading the SUT's
   * settings and copies, the data check's counts, the purge) with the SUT watched as during an execution, so that
   * a store that stops answering then (a full disk, a killed server) ends the run in seconds too, instead of
   * leaving the master in its client's retries.
   */
  <T> T watched(String what, SutWatch.AdminCall<T> call) throws Failure, DBException {
    try {
      watch.phase(what);
      return watch.await(call);
    } catch (SutWatch.SutDeadException e) {
      sutDead = true;
      throw new Failure(e.getMessage(), false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Failure("interrupted", false);
    }
  }

  /** A restart of the SUT, for {@link #restarting}. */
  @FunctionalInterface
  interface Restart<T> {
    T run() throws SutSession.SutException, IOException, InterruptedException;
  }

  /**
   * Restarts the SUT with the watch expecting its outage (the restart has bounds of its own); afterwards the watch
   * connects again, to the servers as they now are.
   */
  <T> T restarting(Restart<T> restart) throws SutSession.SutException, IOException, InterruptedException {
    watch.expectOutage("system cleanup restart");
    try {
      return restart.run();
    } finally {
      watch.reconnect();
      watch.phase("after the restart");
    }
  }

  /** A call on the SUT's administration that failed, as one line: a bad binding property is bad input. */
  public Failure failure(DBException e) {
    Optional<BadPropertyException> bad = BadPropertyException.in(e);
    String m = String.valueOf(e.getMessage());
    return new Failure(bad.map(b -> Bindings.badPropertyLine(provider.name(), config.bindingProperties(), b))
        .orElse(m.startsWith(provider.name() + ":") ? m : provider.name() + ": " + m), bad.isPresent());
  }

  /** Stops a local server the kit started (killed if found dead) or disconnects, and deletes temporary files. */
  @Override
  public void close() {
    if (watch != null) {
      outages = watch.outages();
      watch.close();
      watch = null;
    }
    if (sut != null && sutDead) {
      sut.abandon();
    } else if (sut != null) {
      sut.close();
    }
    sut = null;
    try {
      FileTrees.delete(dir.resolve("tmp"));
    } catch (IOException e) {
      // only temporary files of finished instances; the folder says what is left
    }
    if (hosts != null) {
      hosts.close();
      hosts = null;
    }
  }

  /** Each instance's site; a host that cannot hold its instances, or cannot be reached, is bad input. */
  private List<InstanceSite> openHosts(Environment environment) throws HostException, IOException {
    if (config.hosts() == null) {
      return InstanceOrders.localSites(config, environment);
    }
    placement = Placement.place(config.hosts().hosts(), config.substations());
    out.line("driver hosts: " + config.hosts().hosts().size() + " over ssh (connecting, "
        + (config.hosts().ship() ? "shipping the kit, " : "") + "file digests, clocks) ..."
        + (config.hosts().sutHosts().isEmpty() ? "" : "; SUT hosts to sample: " + config.hosts().sutHosts().size()));
    hosts = DriverHosts.open(config.hosts(), placement, config.kit(), provider.name(), config.instanceJvmOptions(),
        hostsFolder(), dir.getFileName().toString(), out::line);
    for (HostReport r : hosts.reports()) {
      InstanceOrders.checkHostMemory(config, r, instancesOn(r.host()).size());
    }
    return hosts.placement();
  }

  /**
   * Executions could not go on; the message is one line for the user: of a message of many lines (a store client's
   * list of retries), its first and last line.
   */
  public static final class Failure extends Exception {
    private final boolean badInput;

    public Failure(String message, boolean badInput) {
      super(ConnectFailures.firstAndLastLine(message));
      this.badInput = badInput;
    }

    /** Whether the cause was the user's input (a binding property, a host list, a local server as asked). */
    public boolean badInput() {
      return badInput;
    }
  }
}

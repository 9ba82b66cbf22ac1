package io.iotkit.protocol;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.files.FileTrees;
import io.iotkit.hosts.DriverHost;
import io.iotkit.hosts.DriverHosts;
import io.iotkit.resources.ResourceSampler;
import io.iotkit.hosts.HostException;
import io.iotkit.hosts.InstanceSite;
import io.iotkit.hosts.Placement;
import io.iotkit.hosts.SutAddress;
import io.iotkit.model.Environment;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.SutOutage;
import io.iotkit.process.LocalSetup;
import io.iotkit.progress.RunConsole;
import io.iotkit.sut.Bindings;
import io.iotkit.sut.SutSession;
import io.iotkit.sut.SutWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import site.ycsb.DBException;

/**
 * Workload executions outside a run (e.g. the calibration of {@code tpcx-iot.sh plan}), through the run's own
 * machinery: the driver hosts and the SUT opened as {@link RunProtocol} opens them, instances ordered and started
 * as a run's ({@link InstanceOrders}, {@link PhaseRunner}), the SUT watched while an execution runs. What it does
 * not do is the protocol: no checks, iterations, cleanup or metrics; the caller decides which executions to run.
 */
public final class ExecutionSession implements AutoCloseable {
  private final RunConfig config;
  private final BindingProvider provider;
  private final Path dir;
  private final RunConsole out;
  private final List<SutOutage> outages = new ArrayList<>();
  private DriverHosts hosts;
  private List<InstanceSite> sites;
  private SutSession sut;
  private boolean sutDead;

  private ExecutionSession(RunConfig config, BindingProvider provider, Path dir, RunConsole out) {
    this.config = config;
    this.provider = provider;
    this.dir = dir;
    this.out = out;
  }

  /**
   * Opens the driver hosts (if {@code config} has a host list) and starts or connects to the SUT, as a run does.
   * {@code config.kvps()} is not used: each execution names its own.
   *
   * @param dir where everything goes: a local server's data ({@link #sutFolder()}), instance files, logs
   * @throws Failure with one line for the user; the session is closed again
   */
  public static ExecutionSession open(RunConfig config, BindingProvider provider, Environment environment, Path dir,
                                      RunConsole out) throws Failure {
    ExecutionSession s = new ExecutionSession(config, provider, dir, out);
    try {
      s.sites = s.openHosts(environment);
      InstanceOrders.checkWorkloadProperties(config, provider.name());
      String listen = s.hosts == null ? LocalSetup.LOOPBACK : SutAddress.reachableFrom(config.hosts().hosts());
      s.sut = SutSession.open(provider, config.bindingProperties(),
          new LocalSetup(config.kit().home(), config.sutNodes(), listen), s.sutFolder());
      return s;
    } catch (HostException e) {
      s.close();
      throw new Failure(e.getMessage(), true);
    } catch (SutSession.SutException e) {
      s.close();
      throw new Failure(e.getMessage(), e instanceof SutSession.BadSetupException);
    } catch (IOException | RuntimeException e) {
      s.close();
      throw new Failure("kit error: " + e, false);
    }
  }

  /** Where a local server the kit started keeps its data and logs (it may not exist for an external SUT). */
  public Path sutFolder() {
    return dir.resolve("sut");
  }

  /** The SUT: the local server or the configured one, and the master's binding object for it. */
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

  /** The SUT's silences that ended, over every execution so far. */
  public List<SutOutage> outages() {
    return List.copyOf(outages);
  }

  /** Substation keys as a run names them: {@code <tag>-<iteration>-<NNN>}, one per instance. */
  public List<String> substations(String tag, int iteration) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < config.substations(); i++) {
      keys.add(String.format("%s-%d-%03d", tag, iteration, i));
    }
    return keys;
  }

  /**
   * Runs one workload execution of {@code kvps} over all instances into {@code substations} (prepared by the caller
   * through the binding), with the SUT watched as in a run.
   *
   * @param dataSince epoch µs since which these substations hold data (bounds query window B), 0 for none yet
   * @param phaseDir  where the instances' specs, logs and results go
   */
  public PhaseResult execute(String name, List<String> substations, long kvps, long dataSince, Path phaseDir)
      throws Failure {
    try {
      byte[] properties = config.bindingProperties() == null ? new byte[0]
          : Files.readAllBytes(config.bindingProperties());
      PhaseRunner runner = new PhaseRunner(sites, site -> InstanceOrders.command(config, provider.name(), site,
          hosts == null ? dir.resolve("tmp") : hosts.temporaryFolder(site)), properties, out,
          hosts == null ? Map.of() : hosts.sutCommands(ResourceSampler.REMOTE_LOOP));
      try (SutWatch watch = SutWatch.start(sut)) {
        try {
          return runner.run(name, false, InstanceOrders.specs(config, provider.name(), substations, name, kvps,
              dataSince, sut.overrides(), phaseDir), phaseDir, watch);
        } finally {
          outages.addAll(watch.outages());
        }
      }
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

  /** A binding call's failure as one line: a bad binding property is bad input, anything else the SUT's. */
  public Failure failure(DBException e) {
    Optional<BadPropertyException> bad = BadPropertyException.in(e);
    String m = String.valueOf(e.getMessage());
    return new Failure(bad.map(b -> Bindings.badPropertyLine(provider.name(), config.bindingProperties(), b))
        .orElse(m.startsWith(provider.name() + ":") ? m : provider.name() + ": " + m), bad.isPresent());
  }

  /** Stops a local server the kit started (killed if found dead) or disconnects, and deletes temporary files. */
  @Override
  public void close() {
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
    List<DriverHost> placement = Placement.place(config.hosts().hosts(), config.substations());
    out.line("driver hosts: " + config.hosts().hosts().size() + " over ssh (connecting, "
        + (config.hosts().ship() ? "shipping the kit, " : "") + "probe) ..."
        + (config.hosts().sutHosts().isEmpty() ? "" : "; SUT hosts to sample: " + config.hosts().sutHosts().size()));
    hosts = DriverHosts.open(config.hosts(), placement, config.kit(), provider.name(), config.instanceJvmOptions(),
        dir.resolve("hosts"), dir.getFileName().toString(), out::line);
    for (var r : hosts.reports()) {
      long here = placement.stream().filter(h -> h.equals(r.host())).count();
      InstanceOrders.checkHostMemory(config, r, (int) here);
    }
    return hosts.placement();
  }

  /** Executions could not go on; the message is one line for the user. */
  public static final class Failure extends Exception {
    private final boolean badInput;

    public Failure(String message, boolean badInput) {
      super(message);
      this.badInput = badInput;
    }

    /** Whether the cause was the user's input (a binding property, a host list, a local server as asked). */
    public boolean badInput() {
      return badInput;
    }
  }
}

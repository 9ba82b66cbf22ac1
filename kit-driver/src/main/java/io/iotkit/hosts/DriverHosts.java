package io.iotkit.hosts;

import io.iotkit.model.KitLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * The driver hosts of one run: one {@link HostSession} each, opened together at the start (connection, kit,
 * probe) and closed at the end; gives each instance the {@link InstanceSite} it runs on. The SUT hosts of the
 * host list get a session too (the connection only: they need no kit or Java), through which the master samples
 * them.
 */
public final class DriverHosts implements AutoCloseable {
  private final List<HostSession> sessions;
  private final List<HostSession> sutSessions;
  private final Ssh ssh;
  private final List<HostReport> reports;
  private final List<InstanceSite> placement;
  private final Path remoteTmp;

  private DriverHosts(List<HostSession> sessions, List<HostSession> sutSessions, Ssh ssh, List<HostReport> reports,
                      List<InstanceSite> placement, Path remoteTmp) {
    this.sessions = sessions;
    this.sutSessions = sutSessions;
    this.ssh = ssh;
    this.reports = reports;
    this.placement = placement;
    this.remoteTmp = remoteTmp;
  }

  /**
   * How a run reaches its driver hosts.
   *
   * @param file      the host list they came from
   * @param remoteKit the kit's folder on hosts whose line names none
   * @param ship      whether to copy the kit there first (rsync over the same ssh)
   * @param sutHosts  the SUT's nodes the host list names ({@code sut}), sampled over the same ssh
   */
  public record Plan(Path file, List<DriverHost> hosts, Ssh ssh, Path remoteKit, boolean ship,
                     List<DriverHost> sutHosts) {
  }

  /**
   * Connects to every host (in parallel), ships the kit if asked, and probes each.
   *
   * @param placement the host of each instance, from {@link Placement}
   * @param logDir    the run folder's folder for ssh's, rsync's and the probes' logs (one folder per host)
   * @param runName   names the run's temporary folder on each host
   */
  public static DriverHosts open(Plan plan, List<DriverHost> placement, KitLayout kit, String binding,
                                 List<String> jvmOptions, Path logDir, String runName, Consumer<String> out)
      throws HostException, IOException {
    List<HostSession> sessions = new ArrayList<>();
    for (DriverHost h : plan.hosts()) {
      Path home = h.kitDir() != null ? Path.of(h.kitDir()) : plan.remoteKit();
      sessions.add(new HostSession(h, plan.ssh(), home, logDir.resolve(folderName(h))));
    }
    List<String> files = new ArrayList<>(kit.driverHostFiles(binding));
    files.add(kit.home().relativize(kit.manifest()).toString());
    List<HostSession> sutSessions = new ArrayList<>();
    for (DriverHost h : plan.sutHosts()) {
      sutSessions.add(new HostSession(h, plan.ssh(), null, logDir.resolve(folderName(h)), "SUT host"));
    }
    List<CompletableFuture<HostReport>> probes = new ArrayList<>();
    for (HostSession s : sutSessions) { // reached like a driver host, so one that cannot be fails the run now
      probes.add(CompletableFuture.supplyAsync(() -> {
        try {
          s.connect();
          return null;
        } catch (HostException e) {
          throw new CompletionException(e);
        }
      }));
    }
    for (HostSession s : sessions) {
      probes.add(CompletableFuture.supplyAsync(() -> {
        try {
          s.connect();
          if (plan.ship()) {
            out.accept("  shipping the kit to " + s.host().name() + ":" + s.kitHome() + " (rsync) ...");
            s.ship(kit.home(), files);
          }
          return s.probe(binding, jvmOptions);
        } catch (HostException | IOException e) {
          throw new CompletionException(e);
        }
      }));
    }
    List<HostReport> reports = new ArrayList<>();
    try {
      for (CompletableFuture<HostReport> p : probes) {
        reports.add(p.join());
      }
    } catch (CompletionException e) {
      probes.forEach(p -> p.cancel(true));
      sessions.forEach(HostSession::close);
      sutSessions.forEach(HostSession::close);
      if (e.getCause() instanceof HostException h) {
        throw h;
      }
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
    // The master's pid too: runs with other results folders may have the same run name on a shared driver host.
    Path tmp = Path.of("tmp", runName + "-" + ProcessHandle.current().pid());
    reports = reports.subList(sutSessions.size(), reports.size()); // the SUT hosts' connections report nothing
    List<InstanceSite> sites = new ArrayList<>();
    for (DriverHost h : placement) {
      HostReport r = reports.get(plan.hosts().indexOf(h));
      sites.add(new RemoteSite(h, plan.ssh(), r.kitHome(), r.clock()));
    }
    return new DriverHosts(sessions, sutSessions, plan.ssh(), reports, sites, tmp);
  }

  /** A host's folder name in the run folder: its name with ':' and '@' made safe. */
  public static String folderName(DriverHost h) {
    return h.name().replaceAll("[^A-Za-z0-9._-]", "_");
  }

  /**
   * The ssh command line of each SUT host (by its name in the host list) that runs {@code shellLine} there in
   * {@code sh}, over the host's shared connection.
   */
  public Map<String, List<String>> sutCommands(String shellLine) {
    Map<String, List<String>> commands = new LinkedHashMap<>();
    for (HostSession s : sutSessions) {
      commands.put(s.host().name(), ssh.command(s.host(), Ssh.shell(List.of("sh", "-c", shellLine))));
    }
    return commands;
  }

  /** What each driver host's probe found, in host-list order. */
  public List<HostReport> reports() {
    return reports;
  }

  /** The site of each instance 0..P-1. */
  public List<InstanceSite> placement() {
    return placement;
  }

  /** The run's temporary folder on a host (relative to its kit folder, so each host's stays in its own kit). */
  public Path temporaryFolder(InstanceSite site) {
    return site.kitHome().resolve(remoteTmp);
  }

  /** Deletes the run's temporary folder on every host; the hosts where that failed. */
  public List<String> deleteTemporaryFiles() {
    // side by side, a thread each (they wait on ssh, not on CPU): a host that does not answer costs its own bound
    // once, not once per host before it
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, sessions.size()));
    try {
      List<CompletableFuture<Boolean>> deletes = sessions.stream()
          .map(s -> CompletableFuture.supplyAsync(() -> s.delete(s.kitHome().resolve(remoteTmp)), pool)).toList();
      List<String> failed = new ArrayList<>();
      for (int i = 0; i < sessions.size(); i++) {
        if (!deletes.get(i).join()) {
          failed.add(sessions.get(i).host().name());
        }
      }
      return failed;
    } finally {
      pool.shutdown();
    }
  }

  @Override
  public void close() {
    deleteTemporaryFiles();
    sessions.forEach(HostSession::close);
    sutSessions.forEach(HostSession::close);
  }
}

package io.iotkit.hosts;

import io.iotkit.model.KitLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * The driver hosts of one run: one {@link HostSession} each, opened together at the start (connection, kit,
 * probe) and closed at the end; gives each instance the {@link InstanceSite} it runs on.
 */
public final class DriverHosts implements AutoCloseable {
  private final List<HostSession> sessions;
  private final List<HostReport> reports;
  private final List<InstanceSite> placement;
  private final Path remoteTmp;

  private DriverHosts(List<HostSession> sessions, List<HostReport> reports, List<InstanceSite> placement,
                      Path remoteTmp) {
    this.sessions = sessions;
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
   */
  public record Plan(Path file, List<DriverHost> hosts, Ssh ssh, Path remoteKit, boolean ship) {
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
    List<CompletableFuture<HostReport>> probes = new ArrayList<>();
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
      if (e.getCause() instanceof HostException h) {
        throw h;
      }
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
    // The master's pid too: runs with other results folders may have the same run name on a shared driver host.
    Path tmp = Path.of("tmp", runName + "-" + ProcessHandle.current().pid());
    List<InstanceSite> sites = new ArrayList<>();
    for (DriverHost h : placement) {
      HostReport r = reports.get(plan.hosts().indexOf(h));
      sites.add(new RemoteSite(h, plan.ssh(), r.kitHome(), r.clock()));
    }
    return new DriverHosts(sessions, reports, sites, tmp);
  }

  /** A host's folder name in the run folder: its name with ':' and '@' made safe. */
  public static String folderName(DriverHost h) {
    return h.name().replaceAll("[^A-Za-z0-9._-]", "_");
  }

  /** What each host's probe found, in host-list order. */
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
    List<String> failed = new ArrayList<>();
    for (HostSession s : sessions) {
      if (!s.delete(s.kitHome().resolve(remoteTmp))) {
        failed.add(s.host().name());
      }
    }
    return failed;
  }

  @Override
  public void close() {
    deleteTemporaryFiles();
    sessions.forEach(HostSession::close);
  }
}

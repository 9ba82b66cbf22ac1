package io.iotkit.binding.influxdb;

import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalSetup;
import io.iotkit.server.influxdb.StandaloneInfluxDb;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * A local InfluxDB for users with no server of their own: the machine's influxd (Debian's package influxdb),
 * started by the launcher {@link StandaloneInfluxDb} (a small JVM that writes influxd's configuration, speaks the
 * kit's READY/STOP protocol and stops influxd when the kit goes away), its HTTP API on the {@link LocalSetup}'s
 * address, and its meta, data and WAL folders in the run's folder.
 *
 * <p>One server only: open-source InfluxDB has no clustering or replication, so more nodes are refused. With
 * {@code influxdb.user} and {@code influxdb.password} set, the server runs with authentication on and that user
 * as its admin; the launcher gets the login in a file only this user can read, deleted once the server is up.
 */
final class LocalInflux extends ChildJvmServer {
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
  /** Longer than the launcher's own grace for influxd's clean shutdown (30 s). */
  private static final Duration STOP_GRACE = Duration.ofSeconds(45);

  private final LocalSetup setup;
  private final Path influxd;
  private final Properties account = new Properties();
  private String version = "1.x";

  /** @throws IllegalArgumentException (one line) for more than one node, or when influxd is not installed */
  LocalInflux(LocalSetup setup, Properties bindingProperties) {
    super(setup, "influxdb-server", StandaloneInfluxDb.class, SUPERVISOR_JVM, READY_TIMEOUT, STOP_GRACE);
    if (setup.replicated()) {
      throw new IllegalArgumentException("influxdb: --sut-nodes " + setup.nodes() + ": open-source InfluxDB has no"
          + " clustering or replication, so the local server is one influxd; use --sut-nodes 1");
    }
    this.setup = setup;
    this.influxd = InfluxdLocation.find(bindingProperties);
    InfluxSettings.from(withAnyUrl(bindingProperties)).user().ifPresent(u -> {
      account.setProperty(InfluxSettings.USER, u);
      // as the binding sends it: a password is not trimmed
      account.setProperty(InfluxSettings.PASSWORD, bindingProperties.getProperty(InfluxSettings.PASSWORD));
    });
  }

  /** The settings are read for the login only; the URL is the server's to give. */
  private static Properties withAnyUrl(Properties p) {
    Properties q = new Properties();
    q.putAll(p);
    q.setProperty(InfluxSettings.URL, "127.0.0.1:1");
    return q;
  }

  @Override
  public String description() {
    return "local InfluxDB " + version + " (" + influxd + ", one server on " + setup.host() + " in a child process,"
        + " data in the run folder)";
  }

  @Override
  public Set<String> launchOptions() {
    return Set.of("--port");
  }

  @Override
  protected Closeable prepare(Path dir) throws IOException {
    if (account.isEmpty()) {
      return () -> { };
    }
    return writeAccountFile(dir, account, "admin login of the local InfluxDB; deleted once it is up");
  }

  @Override
  protected List<String> arguments(Path dir) {
    List<String> args = new ArrayList<>(List.of(dir.resolve("influxdb").toString(), "--influxd", influxd.toString(),
        "--host", setup.host()));
    if (!account.isEmpty()) {
      args.addAll(List.of("--account", accountFile(dir).toString()));
    }
    return args;
  }

  /** influxd's data, WAL and meta (users, databases); its configuration and log stay. */
  @Override
  protected List<Path> storeFolders(Path workDir) {
    Path base = workDir.resolve("influxdb");
    return List.of(base.resolve("data"), base.resolve("wal"), base.resolve("meta"));
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    version = facts.getOrDefault("version", version);
    Properties p = new Properties();
    p.setProperty(InfluxSettings.URL, facts.get("url"));
    return p;
  }

  /** The influxd serving now (the launcher's READY line names its pid). */
  @Override
  public List<Node> nodes() {
    return nodeFromReadyPid("influxd");
  }
}

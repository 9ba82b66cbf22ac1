package io.iotkit.binding.postgresql;

import io.iotkit.binding.settings.PropertyReader;
import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalSetup;
import io.iotkit.server.postgresql.StandalonePostgreSql;
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
 * A local PostgreSQL for users with no server of their own: the machine's own server (Debian's package
 * postgresql), started by the launcher {@link StandalonePostgreSql} (a small JVM that runs initdb, postgres and
 * pg_basebackup, speaks the kit's READY/STOP protocol and stops every postgres when the kit goes away), on the
 * {@link LocalSetup}'s address, with its data in the run's folder. With one node it is one postgres; with N it is
 * a primary and N-1 streaming standbys, all of which a commit waits for (synchronous replication), and the binding
 * properties point at the primary, the only node the kit writes to and counts on.
 *
 * <p>When the data folder is new, the launcher creates the database and account of the binding properties
 * ({@code postgresql.database}, {@code postgresql.user}, {@code postgresql.password}), so the binding logs in
 * exactly as it would on a sponsor's server. The launcher never sees the password: this class alone turns it
 * into the server's SCRAM-SHA-256 verifier ({@link ScramVerifier}), which the launcher gets in a file only this
 * user can read, deleted as soon as the server is up.
 */
final class LocalPostgreSql extends ChildJvmServer {
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(180);
  /** Longer than the launcher's own grace for each postgres's fast shutdown (30 s). */
  private static final Duration STOP_GRACE = Duration.ofSeconds(60);

  private final LocalSetup setup;
  private final Path bin;
  private final Properties account = new Properties();
  private String version = "";

  /** @throws IllegalArgumentException (one line) when PostgreSQL is not installed or the password cannot be used */
  LocalPostgreSql(LocalSetup setup, Properties bindingProperties) {
    super(setup, "postgresql-server", StandalonePostgreSql.class, SUPERVISOR_JVM, READY_TIMEOUT, STOP_GRACE);
    this.setup = setup;
    this.bin = PgServerLocation.find(bindingProperties);
    PropertyReader reader = new PropertyReader(bindingProperties);
    account.setProperty("user", reader.string(PgSettings.USER, "iot"));
    account.setProperty("database", reader.string(PgSettings.DATABASE, "iot"));
    // As the binding sends it (PgSettings): a password is not trimmed.
    String password = bindingProperties.getProperty(PgSettings.PASSWORD, "");
    if (!password.isEmpty()) {
      account.setProperty("verifier", ScramVerifier.of(password));
    }
  }

  @Override
  public String description() {
    int standbys = setup.nodes() - 1;
    String nodes = standbys == 0 ? "one postgres" : "a primary and " + standbys + " synchronous streaming standby"
        + (standbys == 1 ? "" : "s") + ", " + setup.nodes() + " postgres";
    return "local PostgreSQL" + (version.isEmpty() ? "" : " " + version) + " (" + bin + ", " + nodes + " on " + setup.host() + " in a child process,"
        + " data in the run folder)";
  }

  @Override
  public Set<String> launchOptions() {
    return Set.of("--port");
  }

  /** The launcher reads the account file while it starts; it is deleted as soon as the server is up. */
  @Override
  protected Closeable prepare(Path dir) throws IOException {
    return writeAccountFile(dir, account, "account for the local PostgreSQL; deleted once it is up");
  }

  @Override
  protected List<String> arguments(Path dir) {
    return List.of(dir.resolve("postgresql").toString(), "--bin", bin.toString(), "--account",
        accountFile(dir).toString(), "--nodes", Integer.toString(setup.nodes()), "--host", setup.host());
  }

  /** Each node's data folder; their logs stay. */
  @Override
  protected List<Path> storeFolders(Path workDir) throws IOException {
    Path base = workDir.resolve("postgresql");
    List<Path> folders = new ArrayList<>();
    for (Path node : foldersIn(base, name -> name.equals("primary") || name.startsWith("standby-"))) {
      folders.add(node.resolve("data"));
    }
    return folders;
  }

  /**
   * Each postgres serving now, from the launcher's READY line ({@code node<i>.pid}): "primary" and "standby i"
   * (or "postgres" alone). A node whose process has died is not serving, and is left out.
   */
  @Override
  public List<Node> nodes() {
    return nodesFromReadyFacts((i, count) -> count == 1 ? "postgres" : i == 1 ? "primary" : "standby " + i);
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    version = facts.getOrDefault("version", version);
    Properties p = new Properties();
    p.setProperty(PgSettings.HOST, facts.get("host"));
    p.setProperty(PgSettings.PORT, facts.get("port"));
    String standbyPorts = facts.get("standby.ports");
    if (standbyPorts != null && !standbyPorts.isBlank()) {
      p.setProperty(PgSettings.STANDBYS, java.util.Arrays.stream(standbyPorts.split(","))
          .map(port -> facts.get("host") + ":" + port).collect(java.util.stream.Collectors.joining(",")));
    }
    return p;
  }
}

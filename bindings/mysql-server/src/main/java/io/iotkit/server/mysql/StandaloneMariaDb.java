package io.iotkit.server.mysql;

import io.iotkit.process.Launcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A real MariaDB 10.11 for users with no MySQL/MariaDB of their own: unpacks the binaries (once), initialises the
 * data folders with the kit's database and account (once), starts mariadbd on the given address (with TLS if
 * given a certificate and key) and prints {@code READY host=<host> port=<port> version=<version> ... nodes=<n>
 * node1.port=... node1.pid=...} once it greets clients. With {@code --nodes N} (N > 1) it starts a primary and
 * N-1 semi-synchronous replicas, each its own mariadbd (see {@link MariaDbCluster}), and is READY once every
 * replica replicates; clients use the primary's port.
 *
 * <p>A replica that dies is reported on stderr (the launcher's log) and left down: the primary goes on with the
 * replicas left, and a restart of the launcher brings it back to catch up. When the primary dies, the launcher
 * stops the replicas and exits.
 *
 * <p>The launch protocol and the exit codes are {@link Launcher}'s; exit 1 when the primary died.
 */
public final class StandaloneMariaDb {
  private StandaloneMariaDb() {
  }

  public static void main(String[] args) {
    Launcher.run("local MariaDB", args, StandaloneMariaDb::server);
  }

  private static Launcher.Server server(String[] args) throws IOException {
    LaunchOptions o = LaunchOptions.parse(args);
    Account account = o.account() == null ? Account.defaults() : Account.read(o.account());
    Files.createDirectories(o.dir());
    Path base = MariaDbBinaries.unpacked(cacheRoot());
    MariaDbCluster cluster = new MariaDbCluster(base, o.dir(), o.nodes(), o.host());
    return new Launcher.Server() {
      @Override
      public Map<String, String> start() throws IOException, InterruptedException {
        cluster.initialiseIfNew(account);
        for (Path f : o.tlsCert() == null ? List.<Path>of() : List.of(o.tlsCert(), o.tlsKey())) {
          if (!Files.isReadable(f)) {
            throw new IOException("cannot read " + f);
          }
        }
        cluster.start(o.port(), o.tlsCert() == null ? null : List.of(o.tlsCert(), o.tlsKey()));
        Map<String, String> facts = Launcher.facts("host", o.host(), "port", cluster.primary().port(),
            "version", MariaDbBinaries.VERSION, "database", account.database(), "user", account.user(),
            "tls", o.tlsCert() != null);
        facts.putAll(cluster.facts());
        return facts;
      }

      @Override
      public void stop() {
        cluster.stop();
      }

      @Override
      public String awaitEnd() throws InterruptedException {
        for (MariaDbServer replica : cluster.nodes().subList(1, cluster.nodes().size())) {
          long pid = replica.pid();
          replica.onExit(code -> {
            if (!replica.stopping()) {
              System.err.println("local MariaDB: " + replica.role() + " (pid " + pid + ") exited with code " + code
                  + "; the primary goes on with the replicas left; see " + replica.log());
            }
          });
        }
        MariaDbServer primary = cluster.primary();
        int code = primary.waitFor();
        return primary.stopping() ? null : primary.role() + " mariadbd exited with code " + code + "; see "
            + primary.log();
      }
    };
  }

  /** The launcher's jar sits in bindings/mysql-server/target; the unpacked binaries go beside it. */
  private static Path cacheRoot() throws IOException {
    try {
      Path code = Path.of(StandaloneMariaDb.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return code.getParent();
    } catch (java.net.URISyntaxException | SecurityException e) {
      throw new IOException("cannot tell where the launcher's jar is: " + e.getMessage());
    }
  }
}

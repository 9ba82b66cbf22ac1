package io.iotkit.server.mysql;

import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real MariaDB 10.11 for users with no MySQL/MariaDB of their own: unpacks the binaries (once), initialises the
 * data folders with the kit's database and account (once), starts mariadbd on the given address (with TLS if
 * given a certificate and key) and prints {@code READY host=<host> port=<port> version=<version> ... nodes=<n>
 * node1.port=... node1.pid=...} once it greets clients. With {@code --nodes N} (N > 1) it starts a primary and
 * N-1 semi-synchronous replicas, each its own mariadbd (see {@link MariaDbCluster}), and is READY once every
 * replica replicates; clients use the primary's port.
 *
 * <p>It speaks the kit's launch protocol (see {@code io.iotkit.process.ServerProcess}): a {@code STOP} line on
 * stdin, or stdin closing because the kit is gone, shuts every mariadbd down cleanly and ends this JVM, so no
 * server outlives the kit (see {@link ParentWatch}). With {@code --detached} (bin/tpcx-iot.sh server start) it
 * ignores stdin and stops on SIGTERM. Either way a JVM shutdown stops the nodes first.
 *
 * <p>A replica that dies is reported on stderr (the launcher's log) and left down: the primary goes on with the
 * replicas left, and a restart of the launcher brings it back to catch up. When the primary dies, the launcher
 * stops the replicas and exits.
 *
 * <p>Exit codes: 0 stopped on request, 1 the primary died, 2 could not start.
 */
public final class StandaloneMariaDb {
  private StandaloneMariaDb() {
  }

  public static void main(String[] args) {
    MariaDbCluster cluster;
    try {
      LaunchOptions o = LaunchOptions.parse(args);
      Account account = o.account() == null ? Account.defaults() : Account.read(o.account());
      Files.createDirectories(o.dir());
      Path base = MariaDbBinaries.unpacked(cacheRoot());
      cluster = new MariaDbCluster(base, o.dir(), o.nodes(), o.host());
      MariaDbCluster c = cluster;
      Runtime.getRuntime().addShutdownHook(new Thread(c::stop, "stop-mariadbd"));
      if (!o.detached()) {
        ParentWatch.start(c::stop);
      }
      cluster.initialiseIfNew(account);
      for (Path f : o.tlsCert() == null ? List.<Path>of() : List.of(o.tlsCert(), o.tlsKey())) {
        if (!Files.isReadable(f)) {
          throw new IOException("cannot read " + f);
        }
      }
      cluster.start(o.port(), o.tlsCert() == null ? null : List.of(o.tlsCert(), o.tlsKey()));
      StringBuilder ready = new StringBuilder("READY host=" + o.host() + " port=" + cluster.primary().port()
          + " version=" + MariaDbBinaries.VERSION + " database=" + account.database() + " user=" + account.user()
          + " tls=" + (o.tlsCert() != null));
      cluster.facts().forEach((k, v) -> ready.append(' ').append(k).append('=').append(v));
      System.out.println(ready);
      System.out.flush();
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("local MariaDB: " + e.getMessage());
      System.exit(2);
      return;
    } catch (InterruptedException e) {
      System.exit(2);
      return;
    }
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
    try {
      int code = primary.waitFor();
      if (primary.stopping()) {
        return; // stopped on request; the thread that asked ends the JVM
      }
      System.err.println("local MariaDB: " + primary.role() + " mariadbd exited with code " + code + "; see "
          + primary.log());
      System.exit(1);
    } catch (InterruptedException e) {
      System.exit(1);
    }
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

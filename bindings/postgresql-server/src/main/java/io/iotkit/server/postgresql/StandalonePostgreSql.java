package io.iotkit.server.postgresql;

import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.nio.file.Files;

/**
 * A real PostgreSQL for users with no server of their own: the machine's own PostgreSQL (Debian's package
 * postgresql), one postgres or a primary and synchronous streaming standbys ({@link PgCluster}), every folder
 * under DIR. Prints {@code READY host=<host> port=<primary's port> version=<version> nodes=<N>
 * node<i>.pid=<pid> ...} once every node accepts connections and every standby streams.
 *
 * <p>It speaks the kit's launch protocol (see {@code io.iotkit.process.ServerProcess}): a {@code STOP} line on
 * stdin, or stdin closing because the kit is gone, stops every postgres cleanly and ends this JVM, so no server
 * outlives the kit ({@link ParentWatch}). With {@code --detached} (bin/tpcx-iot.sh server start) it ignores stdin
 * and stops on SIGTERM. Either way a JVM shutdown stops the servers first.
 *
 * <p>Exit codes: 0 stopped on request, 1 a postgres died, 2 could not start.
 */
public final class StandalonePostgreSql {
  private StandalonePostgreSql() {
  }

  public static void main(String[] args) {
    PgCluster cluster;
    try {
      LaunchOptions o = LaunchOptions.parse(args);
      if (!Files.isExecutable(o.bin().resolve("postgres"))) {
        throw new IOException("no PostgreSQL server in " + o.bin() + "; install Debian's postgresql package:"
            + " apt-get install postgresql");
      }
      Account account = Account.read(o.account());
      OsAccount os = OsAccount.current();
      Files.createDirectories(o.dir());
      cluster = new PgCluster(o, os);
      PgCluster c = cluster;
      Runtime.getRuntime().addShutdownHook(new Thread(c::stop, "stop-postgres"));
      if (!o.detached()) {
        ParentWatch.start(c::stop);
      }
      cluster.start(account);
      System.out.println("READY host=" + o.host() + " port=" + cluster.primary().port() + " version="
          + cluster.version() + " " + cluster.facts()
          + (o.nodes() > 1 ? " standby.ports=" + cluster.standbyPorts() : ""));
      System.out.flush();
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("local PostgreSQL: " + e.getMessage());
      System.exit(2);
      return;
    } catch (InterruptedException e) {
      System.exit(2);
      return;
    }
    try {
      while (true) {
        PgNode dead = cluster.firstDead();
        if (dead != null) {
          if (cluster.stopping()) {
            return;
          }
          System.err.println("local PostgreSQL: postgres of the " + dead.name + " exited with code " + dead.waitFor()
              + "; see " + dead.log());
          System.exit(1);
        }
        Thread.sleep(500);
      }
    } catch (InterruptedException e) {
      System.exit(1);
    }
  }
}

package io.iotkit.server.postgresql;

import io.iotkit.process.Launcher;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;

/**
 * A real PostgreSQL for users with no server of their own: the machine's own PostgreSQL (Debian's package
 * postgresql), one postgres or a primary and synchronous streaming standbys ({@link PgCluster}), every folder
 * under DIR. Prints {@code READY host=<host> port=<primary's port> version=<version> nodes=<N>
 * node<i>.pid=<pid> ...} once every node accepts connections and every standby streams.
 *
 * <p>The launch protocol and the exit codes are {@link Launcher}'s; the launcher ends (exit 1) when any postgres dies.
 */
public final class StandalonePostgreSql {
  private StandalonePostgreSql() {
  }

  public static void main(String[] args) {
    Launcher.run("local PostgreSQL", args, StandalonePostgreSql::server);
  }

  private static Launcher.Server server(String[] args) throws IOException {
    LaunchOptions o = LaunchOptions.parse(args);
    if (!Files.isExecutable(o.bin().resolve("postgres"))) {
      throw new IOException("no PostgreSQL server in " + o.bin() + "; install Debian's postgresql package:"
          + " apt-get install postgresql");
    }
    Account account = Account.read(o.account());
    OsAccount os = OsAccount.current();
    Files.createDirectories(o.dir());
    PgCluster cluster = new PgCluster(o, os);
    return new Launcher.Server() {
      @Override
      public Map<String, String> start() throws IOException, InterruptedException {
        cluster.start(account);
        Map<String, String> facts = Launcher.facts("host", o.host(), "port", cluster.primary().port(),
            "version", cluster.version());
        facts.putAll(cluster.facts());
        if (o.nodes() > 1) {
          facts.put("standby.ports", cluster.standbyPorts());
        }
        return facts;
      }

      @Override
      public void stop() {
        cluster.stop();
      }

      @Override
      public String awaitEnd() throws InterruptedException {
        return cluster.awaitEnd();
      }
    };
  }
}

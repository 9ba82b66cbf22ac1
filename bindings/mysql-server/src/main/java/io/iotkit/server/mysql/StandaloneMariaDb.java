package io.iotkit.server.mysql;

import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real MariaDB 10.11 server for users with no MySQL/MariaDB of their own: unpacks the binaries (once),
 * initialises the data folder with the kit's database and account (once), starts mariadbd on 127.0.0.1 (with
 * TLS if given a certificate and key) and prints {@code READY host=127.0.0.1 port=<port> version=<version> ...}
 * once it greets clients.
 *
 * <p>It speaks the kit's launch protocol (see {@code io.iotkit.process.ServerProcess}): a {@code STOP} line on
 * stdin, or stdin closing because the kit is gone, shuts mariadbd down cleanly and ends this JVM, so no server
 * outlives the kit (see {@link ParentWatch}). With {@code --detached} (bin/tpcx-iot.sh server start) it ignores
 * stdin and stops on SIGTERM. Either way a JVM shutdown stops mariadbd first.
 *
 * <p>Exit codes: 0 stopped on request, 1 mariadbd died, 2 could not start.
 */
public final class StandaloneMariaDb {
  private StandaloneMariaDb() {
  }

  public static void main(String[] args) {
    MariaDbServer server;
    try {
      LaunchOptions o = LaunchOptions.parse(args);
      Account account = o.account() == null ? Account.defaults() : Account.read(o.account());
      Files.createDirectories(o.dir());
      Path base = MariaDbBinaries.unpacked(cacheRoot());
      server = new MariaDbServer(base, o.dir());
      MariaDbServer s = server;
      Runtime.getRuntime().addShutdownHook(new Thread(s::stop, "stop-mariadbd"));
      if (!o.detached()) {
        ParentWatch.start(s::stop);
      }
      server.initialiseIfNew(account);
      for (Path f : o.tlsCert() == null ? List.<Path>of() : List.of(o.tlsCert(), o.tlsKey())) {
        if (!Files.isReadable(f)) {
          throw new IOException("cannot read " + f);
        }
      }
      int port = server.start(o.port(), o.tlsCert() == null ? null : List.of(o.tlsCert(), o.tlsKey()));
      System.out.println("READY host=" + MariaDbServer.HOST + " port=" + port + " version=" + MariaDbBinaries.VERSION
          + " database=" + account.database() + " user=" + account.user() + " tls=" + (o.tlsCert() != null));
      System.out.flush();
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("local MariaDB: " + e.getMessage());
      System.exit(2);
      return;
    } catch (InterruptedException e) {
      System.exit(2);
      return;
    }
    try {
      int code = server.waitFor();
      if (server.stopping()) {
        return; // stopped on request; the thread that asked ends the JVM
      }
      System.err.println("local MariaDB: mariadbd exited with code " + code + "; see " + server.log());
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

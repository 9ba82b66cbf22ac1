package io.iotkit.server.mongodb;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import io.iotkit.process.Launcher;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.h2.mvstore.MVStore;

/**
 * A local MongoDB wire-protocol emulator for users with no MongoDB of their own: mongo-java-server (an open,
 * BSD-licensed Java implementation of the wire protocol; not MongoDB) with its H2 backend, which keeps the
 * documents in one MVStore file under DIR/data. It runs in this JVM and prints
 * {@code READY host=<host> port=<port> pid=<pid> emulator=mongo-java-server version=<its version> file=<file>}
 * once it listens.
 *
 * <p>The launch protocol and the exit codes are {@link Launcher}'s; a JVM shutdown closes the file first, so what
 * the store committed stays on disk.
 */
public final class StandaloneMongoDb {
  /** The store's file in the server's folder: H2's MVStore, which the backend commits in the background. */
  static final String DATA_FILE = "data/readings.mv.db";
  /**
   * Netty threads that run the clients' commands. The emulator runs each command on its connection's event loop,
   * so with Netty's default (two per core) a connection waits behind another's long scan: a run's insert and query
   * connections, and the kit's ping, would queue behind window queries. One loop for every few connections of a
   * run keeps them apart; idle loops cost nothing.
   */
  static final int WORKER_THREADS = 64;
  /**
   * H2's page cache in MB (its default is 16). The emulator answers every query by reading the whole collection, so
   * with the default cache each window query decodes a run's documents from the file again, and takes longer the
   * more the run wrote; a cache that holds an iteration's documents keeps them decoded. The launcher's JVM has the
   * heap for it.
   *
   * <p>The file's pages are compressed (H2's LZF): the backend writes each document with Java's object
   * serialization, class descriptions and field names with every document, which held about as many bytes on disk
   * as the readings themselves. The readings' padding is random text that LZF does not shrink.
   */
  static final int CACHE_MB = 1024;

  private StandaloneMongoDb() {
  }

  public static void main(String[] args) {
    Launcher.run("local MongoDB emulator", args, StandaloneMongoDb::server);
  }

  private static Launcher.Server server(String[] args) throws IOException {
    LaunchOptions o = LaunchOptions.parse(args);
    Path file = o.dir().resolve(DATA_FILE);
    Files.createDirectories(file.getParent());
    H2Backend backend = new H2Backend(new MVStore.Builder().fileName(file.toString()).cacheSize(CACHE_MB).compress()
        .open());
    MongoServer server = new MongoServer(backend);
    CountDownLatch stopped = new CountDownLatch(1);
    return new Launcher.Server() {
      @Override
      public Map<String, String> start() {
        server.bind(new InetSocketAddress(o.host(), o.port()), 1, WORKER_THREADS);
        return Launcher.facts("host", o.host(), "port", server.getLocalAddress().getPort(),
            "pid", ProcessHandle.current().pid(), "emulator", "mongo-java-server", "version", version(),
            "file", file.toString());
      }

      /** Stops listening, then closes the backend (which commits and closes the H2 file); once. */
      @Override
      public synchronized void stop() {
        if (stopped.getCount() > 0) {
          server.shutdownNow();
          backend.close();
          stopped.countDown();
        }
      }

      @Override
      public String awaitEnd() throws InterruptedException {
        stopped.await(); // the server runs in this JVM: it ends only when stopped
        return null;
      }
    };
  }

  /** mongo-java-server's version, from the name of the jar its classes were loaded from ("1.47.0"). */
  static String version() {
    try {
      String jar = Path.of(MongoServer.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .getFileName().toString();
      return versionOf(jar);
    } catch (Exception e) {
      return "unknown";
    }
  }

  static String versionOf(String jarName) {
    Matcher m = Pattern.compile("mongo-java-server-core-(.+)\\.jar").matcher(jarName);
    return m.matches() ? m.group(1) : "unknown";
  }
}

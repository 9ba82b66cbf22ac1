package io.iotkit.server.mongodb;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * <p>It speaks the kit's launch protocol (see {@code io.iotkit.process.ServerProcess}): a {@code STOP} line on
 * stdin, or stdin closing because the kit is gone, closes the server and its file and ends this JVM
 * ({@link ParentWatch}). With {@code --detached} (bin/tpcx-iot.sh server start) it ignores stdin and stops on
 * SIGTERM. Either way a JVM shutdown closes the file first, so what the store committed stays on disk.
 *
 * <p>Exit codes: 0 stopped on request, 2 could not start.
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
    MongoServer server;
    H2Backend backend;
    LaunchOptions o;
    try {
      o = LaunchOptions.parse(args);
      Path file = o.dir().resolve(DATA_FILE);
      Files.createDirectories(file.getParent());
      backend = new H2Backend(new MVStore.Builder().fileName(file.toString()).cacheSize(CACHE_MB).compress().open());
      server = new MongoServer(backend);
      server.bind(new InetSocketAddress(o.host(), o.port()), 1, WORKER_THREADS);
    } catch (IOException | RuntimeException e) {
      System.err.println("local MongoDB emulator: " + e.getMessage());
      System.exit(2);
      return;
    }
    Runnable stop = stopper(server, backend);
    Runtime.getRuntime().addShutdownHook(new Thread(stop, "stop-emulator"));
    if (!o.detached()) {
      ParentWatch.start(stop);
    }
    InetSocketAddress bound = server.getLocalAddress();
    System.out.println("READY host=" + o.host() + " port=" + bound.getPort() + " pid=" + ProcessHandle.current().pid()
        + " emulator=mongo-java-server version=" + version() + " file=" + o.dir().resolve(DATA_FILE));
    System.out.flush();
    try {
      new CountDownLatch(1).await(); // serves until STOP, stdin's end or SIGTERM ends the JVM
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops listening, then closes the backend (which commits and closes the H2 file); safe to run twice. */
  private static Runnable stopper(MongoServer server, H2Backend backend) {
    Object lock = new Object();
    boolean[] done = {false};
    return () -> {
      synchronized (lock) {
        if (done[0]) {
          return;
        }
        done[0] = true;
        server.shutdownNow();
        backend.close();
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

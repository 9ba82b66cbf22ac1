package io.iotkit.server.mysql;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The local MariaDB: one mariadbd, or a primary and N-1 replicas (see {@link NodeRole}), each its own mariadbd
 * process with its own folder and port, all on the launcher's address. The primary's folder is DIR itself (where
 * a lone server keeps its data too), replica k's is {@code DIR/replica-k}. Nodes are initialised, started and
 * stopped together, at the same time, so a cluster costs little more time than one server.
 *
 * <p>A folder keeps the shape it was made with ({@code DIR/cluster.properties}: node count and address, which its
 * replication and accounts depend on); starting it with another is refused with one line.
 */
final class MariaDbCluster {
  private static final String SHAPE = "cluster.properties";

  private final Path dir;
  private final String host;
  private final List<MariaDbServer> nodes = new ArrayList<>();

  MariaDbCluster(Path base, Path dir, int count, String host) {
    this.dir = dir;
    this.host = host;
    for (int id = 1; id <= count; id++) {
      nodes.add(new MariaDbServer(base, id == 1 ? dir : dir.resolve("replica-" + id), host, new NodeRole(id, count)));
    }
  }

  List<MariaDbServer> nodes() {
    return nodes;
  }

  MariaDbServer primary() {
    return nodes.get(0);
  }

  /** Creates each node's system tables, database and account, unless its folder holds them already. */
  void initialiseIfNew(Account account) throws IOException, InterruptedException {
    checkShape();
    InetAddress address = InetAddress.getByName(host);
    // The kit's clients: this host only on loopback, else driver instances on other hosts too.
    String clients = address.isLoopbackAddress() ? address.getHostAddress() : "%";
    inParallel(nodes.stream().<Callable<Void>>map(n -> () -> {
      n.initialiseIfNew(account, clients);
      return null;
    }).toList());
  }

  /** Records the shape of a new folder, or refuses a start of another shape than the folder was made with. */
  void checkShape() throws IOException {
    Properties wanted = new Properties();
    wanted.setProperty("nodes", Integer.toString(nodes.size()));
    wanted.setProperty("host", host);
    Path file = dir.resolve(SHAPE);
    Properties found = new Properties();
    if (Files.isRegularFile(file)) {
      try (InputStream in = Files.newInputStream(file)) {
        found.load(in);
      }
    } else if (primary().initialised()) {
      found.setProperty("nodes", "1"); // made before clusters existed: one server on loopback
      found.setProperty("host", "127.0.0.1");
    } else {
      Files.createDirectories(dir);
      try (OutputStream out = Files.newOutputStream(file)) {
        wanted.store(out, "the shape of the local MariaDB in this folder");
      }
      return;
    }
    if (!found.equals(wanted)) {
      throw new IllegalArgumentException(dir + " holds a local MariaDB of " + found.getProperty("nodes")
          + " node(s) on " + found.getProperty("host") + ", not " + nodes.size() + " on " + host
          + "; start it as it was made, or use another folder");
    }
  }

  /**
   * Starts every node, then points the replicas at the primary and waits until they replicate.
   *
   * @param port the primary's port, 0 for a free one
   * @param tls certificate and key (PEM) every node offers, or null
   */
  void start(int port, List<Path> tls) throws IOException, InterruptedException {
    AdminLogin admin = nodes.size() == 1 ? null
        : new AdminLogin(InetAddress.getByName(host).getHostAddress());
    inParallel(nodes.stream().<Callable<Void>>map(n -> () -> {
      n.start(n.role().primary() ? port : 0, tls, admin == null ? null : admin.initSql());
      return null;
    }).toList());
    if (admin != null) {
      ReplicaLinks.link(admin, host, primary(), nodes.subList(1, nodes.size()));
    }
  }

  /** What the READY line says of the nodes: their number, then each node's port and mariadbd pid. */
  Map<String, String> facts() {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("nodes", Integer.toString(nodes.size()));
    for (MariaDbServer n : nodes) {
      f.put("node" + n.role().serverId() + ".port", Integer.toString(n.port()));
      f.put("node" + n.role().serverId() + ".pid", Long.toString(n.pid()));
    }
    return f;
  }

  /** Stops every node at once (each cleanly if it can); safe to call more than once, from any thread. */
  void stop() {
    nodes.forEach(MariaDbServer::signalStop);
    try {
      inParallel(nodes.stream().<Callable<Void>>map(n -> () -> {
        n.stop();
        return null;
      }).toList());
    } catch (IOException e) {
      // stop() throws nothing checked
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Runs the tasks on threads of their own and waits for all; the first failure is rethrown. */
  private static void inParallel(List<Callable<Void>> tasks) throws IOException, InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
    try {
      List<Future<Void>> done = pool.invokeAll(tasks);
      for (Future<Void> f : done) {
        try {
          f.get();
        } catch (ExecutionException e) {
          if (e.getCause() instanceof IOException io) {
            throw io;
          }
          if (e.getCause() instanceof RuntimeException r) {
            throw r;
          }
          throw new IOException(e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}

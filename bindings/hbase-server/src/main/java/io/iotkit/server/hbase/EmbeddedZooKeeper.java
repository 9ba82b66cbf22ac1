package io.iotkit.server.hbase;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;

/**
 * A single ZooKeeper server for the local HBase cluster, listening on a free port of one address, its data in a
 * folder that survives restarts (HBase keeps cluster state there between its own restarts).
 */
final class EmbeddedZooKeeper {
  private static final int TICK_MILLIS = 2_000;
  /** Per client address; every node and driver instance of a one-host cluster comes from the same one. */
  private static final int MAX_CONNECTIONS_PER_ADDRESS = 500;

  private final ZooKeeperServer server;
  private final ServerCnxnFactory connections;

  private EmbeddedZooKeeper(ZooKeeperServer server, ServerCnxnFactory connections) {
    this.server = server;
    this.connections = connections;
  }

  static EmbeddedZooKeeper start(String host, Path dir) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    ZooKeeperServer server = new ZooKeeperServer(dir.toFile(), dir.toFile(), TICK_MILLIS);
    ServerCnxnFactory connections = ServerCnxnFactory.createFactory(new InetSocketAddress(host, 0),
        MAX_CONNECTIONS_PER_ADDRESS);
    connections.startup(server);
    return new EmbeddedZooKeeper(server, connections);
  }

  int port() {
    return connections.getLocalPort();
  }

  void stop() {
    connections.shutdown();
    server.shutdown();
  }
}

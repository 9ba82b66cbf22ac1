package io.iotkit.binding.hbase;

import io.iotkit.binding.settings.HostPort;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import site.ycsb.DBException;

/**
 * One HBase connection per cluster per JVM, shared by the binding objects of all threads: an HBase Connection is
 * thread-safe and heavy (ZooKeeper session, RPC clients, region cache), and is meant to be shared. Connections are
 * kept per ZooKeeper quorum, so a user of a restarted local server (on new ports) never gets the connection to the
 * old one that another user has not released yet. Opening it first checks that the SUT answers, so a wrong address
 * fails in seconds with one clear line instead of minutes of client retries. Inserts go through an asynchronous
 * connection, shared likewise and opened on first use (its puts complete futures instead of blocking the thread).
 */
final class SharedConnection {
  private static final int CONNECT_TIMEOUT_MS = 3_000;
  private static final long MASTER_TIMEOUT_SECONDS = 60;
  private static final Map<List<HostPort>, Shared> BY_QUORUM = new HashMap<>();

  /** One cluster's connections and how many binding objects hold them. */
  private static final class Shared {
    final HBaseSettings settings;
    final Connection connection;
    AsyncConnection async;
    int users;

    Shared(HBaseSettings settings, Connection connection) {
      this.settings = settings;
      this.connection = connection;
    }
  }

  private SharedConnection() {
  }

  static synchronized Connection acquire(HBaseSettings settings) throws DBException {
    Shared shared = BY_QUORUM.get(settings.zooKeepers);
    if (shared == null) {
      String zk = reachableZooKeeper(settings.zooKeepers);
      try {
        Connection c = ConnectionFactory.createConnection(settings.client);
        awaitMaster(c, zk);
        shared = new Shared(settings, c);
        BY_QUORUM.put(settings.zooKeepers, shared);
      } catch (IOException e) {
        throw new DBException("hbase: cannot connect through ZooKeeper " + zk + ": " + e.getMessage());
      }
    }
    shared.users++;
    return shared.connection;
  }

  /** The asynchronous connection to the cluster of {@code settings}; call between acquire and release. */
  static synchronized AsyncConnection async(HBaseSettings settings) throws DBException {
    Shared shared = BY_QUORUM.get(settings.zooKeepers);
    if (shared == null) {
      throw new IllegalStateException("hbase: no connection acquired to " + settings.zooKeepers);
    }
    if (shared.async == null) {
      try {
        shared.async = ConnectionFactory.createAsyncConnection(shared.settings.client).get();
      } catch (java.util.concurrent.ExecutionException e) {
        throw new DBException("hbase: cannot open an asynchronous connection: " + e.getCause().getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DBException("hbase: interrupted while connecting");
      }
    }
    return shared.async;
  }

  static synchronized void release(HBaseSettings settings) {
    Shared shared = BY_QUORUM.get(settings.zooKeepers);
    if (shared != null && --shared.users == 0) {
      BY_QUORUM.remove(settings.zooKeepers);
      try {
        shared.connection.close();
        if (shared.async != null) {
          shared.async.close();
        }
      } catch (IOException e) {
        // closing only releases client resources
      }
    }
  }

  /** Returns the first ZooKeeper server that accepts a TCP connection; fails naming each one's cause. */
  private static String reachableZooKeeper(List<HostPort> zooKeepers) throws DBException {
    StringBuilder causes = new StringBuilder();
    for (HostPort zk : zooKeepers) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(zk.host(), zk.port()), CONNECT_TIMEOUT_MS);
        return zk.toString();
      } catch (UnknownHostException e) {
        causes.append(causes.length() > 0 ? "; " : "").append(zk.host()).append(": unknown host");
      } catch (IOException e) {
        causes.append(causes.length() > 0 ? "; " : "").append(zk).append(": ").append(e.getMessage());
      }
    }
    throw new DBException("hbase: cannot reach ZooKeeper (" + causes + "); start HBase, or fix"
        + " hbase.zookeeper.quorum / hbase.zookeeper.property.clientPort in the binding properties"
        + " (leave them out to use the embedded HBase)");
  }

  private static void awaitMaster(Connection c, String zk) throws DBException {
    // A thread of our own (not the common pool) inherits the caller's context class loader, which the
    // HBase client needs when the binding lives in a class loader of its own.
    CompletableFuture<ClusterMetrics> metrics = new CompletableFuture<>();
    Thread probe = new Thread(() -> {
      try (Admin admin = c.getAdmin()) {
        metrics.complete(admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS)));
      } catch (IOException | RuntimeException e) {
        metrics.completeExceptionally(e);
      }
    }, "hbase-master-probe");
    probe.setDaemon(true);
    probe.start();
    try {
      if (metrics.get(MASTER_TIMEOUT_SECONDS, TimeUnit.SECONDS).getLiveServerMetrics().isEmpty()) {
        throw new DBException("hbase: the cluster behind ZooKeeper " + zk + " has no live region server");
      }
    } catch (java.util.concurrent.TimeoutException e) {
      closeQuietly(c);
      throw new DBException("hbase: ZooKeeper " + zk + " answers, but no HBase master did within "
          + MASTER_TIMEOUT_SECONDS + " s; is HBase running?");
    } catch (java.util.concurrent.ExecutionException e) {
      closeQuietly(c);
      throw new DBException("hbase: the HBase master behind ZooKeeper " + zk + " failed: " + e.getCause().getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("hbase: interrupted while connecting");
    }
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (IOException e) {
      // already failing
    }
  }
}

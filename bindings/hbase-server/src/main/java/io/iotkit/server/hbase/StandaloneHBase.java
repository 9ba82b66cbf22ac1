package io.iotkit.server.hbase;

import io.iotkit.process.Launcher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.regionserver.HRegionServer;

/**
 * A real HBase in HBase's own standalone mode: master, region server and ZooKeeper in this one JVM, data on
 * the local filesystem: {@code StandaloneHBase DIR [--host ADDR] [--detached]}. All three listen on ADDR (default
 * 127.0.0.1) and name it to clients, so driver instances on other hosts reach it when ADDR is an address of this
 * host they route to. Prints {@code READY quorum=ADDR port=<zk port>} once it serves tables. Its ports are free
 * ones, so several can run side by side. The launch protocol and the exit codes are {@link Launcher}'s.
 *
 * <p>ZooKeeper is the kit's own {@link EmbeddedZooKeeper} rather than the one HBase's standalone start command
 * runs: that one waits for its server by probing loopback whatever address it was told to listen on, so it never
 * comes up on any other address. Master and region server are HBase's {@link LocalHBaseCluster}, as that command
 * runs them, with its settings.
 */
public final class StandaloneHBase implements Launcher.Server {
  /** The ZooKeeper session timeout HBase's standalone mode gives its master and region server. */
  private static final int SESSION_TIMEOUT_MILLIS = 10_000;
  private static final long SERVING_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(170);
  private static final long SHUTDOWN_SECONDS = 60;

  private final Path dir;
  private final String host;
  private final CountDownLatch ended = new CountDownLatch(1);
  /** Set once the kit asked HBase to shut down: HBase's threads ending is then no failure. */
  private volatile boolean stopping;
  private volatile Admin admin;

  private StandaloneHBase(Path dir, String host) {
    this.dir = dir;
    this.host = host;
  }

  public static void main(String[] args) {
    Launcher.run("local HBase", args, StandaloneHBase::parse);
  }

  private static StandaloneHBase parse(String[] args) throws IOException {
    LaunchOptions o = LaunchOptions.parse(args, false);
    return new StandaloneHBase(o.dir(), o.host());
  }

  @Override
  public Map<String, String> start() throws IOException, InterruptedException {
    EmbeddedZooKeeper zooKeeper = EmbeddedZooKeeper.start(host, dir.resolve("zookeeper"));
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.cluster.distributed", "false");
    conf.set("hbase.rootdir", dir.resolve("hbase").toUri().toString());
    conf.set("hbase.tmp.dir", dir.resolve("tmp").toString());
    conf.setInt("zookeeper.session.timeout", SESSION_TIMEOUT_MILLIS);
    HBaseAddresses.apply(conf, host, zooKeeper.port(), Ports.free(host));
    // The local filesystem has no hflush/hsync capability; without this the master aborts and the JVM hangs.
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    // One region server, so the master need not wait its default 4.5 s for more to report in at each start.
    conf.setInt("hbase.master.wait.on.regionservers.mintostart", 1);
    conf.setInt("hbase.master.wait.on.regionservers.maxtostart", 1);
    conf.setInt(ClusterSettings.MSG_INTERVAL, ClusterSettings.MSG_INTERVAL_MILLIS);
    CleanerSettings.apply(conf::set);

    LocalHBaseCluster cluster = new LocalHBaseCluster(conf, 1, 1, HMaster.class, HRegionServer.class);
    cluster.startup();
    Thread serving = new Thread(() -> {
      cluster.join();
      zooKeeper.stop();
      ended.countDown();
    }, "hbase-standalone");
    serving.start();
    Admin a = ConnectionFactory.createConnection(conf).getAdmin();
    awaitServing(a);
    admin = a;
    return Launcher.facts("quorum", host, "port", zooKeeper.port());
  }

  /** The master has finished initialising and a region server serves: namespaces can be listed. */
  private static void awaitServing(Admin admin) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + SERVING_TIMEOUT_NANOS;
    while (true) {
      try {
        admin.listNamespaceDescriptors();
        if (!admin.getClusterMetrics().getLiveServerMetrics().isEmpty()) {
          return;
        }
      } catch (IOException e) {
        if (System.nanoTime() > deadline) {
          throw new IOException("HBase did not come up: " + e);
        }
      }
      Thread.sleep(250);
    }
  }

  /**
   * A clean cluster shutdown flushes memstores, so a restart finds the data and catalog intact. An HBase that never
   * came to serve has nothing to flush, and one that ended has nothing to stop: the JVM's end takes either along.
   */
  @Override
  public void stop() {
    stopping = true;
    Admin a = admin;
    if (a == null || ended.getCount() == 0) {
      return;
    }
    try {
      a.shutdown();
      ended.await(SHUTDOWN_SECONDS, TimeUnit.SECONDS);
    } catch (IOException e) {
      System.err.println("clean shutdown failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String awaitEnd() throws InterruptedException {
    ended.await();
    return stopping ? null : "HBase stopped unasked";
  }
}

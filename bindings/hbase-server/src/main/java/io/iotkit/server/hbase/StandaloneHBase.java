package io.iotkit.server.hbase;

import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.regionserver.HRegionServer;

/**
 * A real HBase in HBase's own standalone mode: master, region server and ZooKeeper in this one JVM, data on
 * the local filesystem: {@code StandaloneHBase DIR [--host ADDR] [--detached]}. All three listen on ADDR (default
 * 127.0.0.1) and name it to clients, so driver instances on other hosts reach it when ADDR is an address of this
 * host they route to. Prints {@code READY quorum=ADDR port=<zk port>} once it serves tables; stops cleanly on STOP
 * (see {@link ParentWatch}). With {@code --detached} (bin/tpcx-iot.sh server start) it ignores stdin and stops
 * cleanly on SIGTERM instead. Its ports are free ones, so several can run side by side.
 *
 * <p>ZooKeeper is the kit's own {@link EmbeddedZooKeeper} rather than the one HBase's standalone start command
 * runs: that one waits for its server by probing loopback whatever address it was told to listen on, so it never
 * comes up on any other address. Master and region server are HBase's {@link LocalHBaseCluster}, as that command
 * runs them, with its settings.
 */
public final class StandaloneHBase {
  /** The ZooKeeper session timeout HBase's standalone mode gives its master and region server. */
  private static final int SESSION_TIMEOUT_MILLIS = 10_000;
  /** Set once the kit asked HBase to shut down: HBase's threads ending is then no failure. */
  private static volatile boolean stopping;

  private StandaloneHBase() {
  }

  public static void main(String[] args) throws Exception {
    LauncherArgs a = LauncherArgs.parse(args, Set.of(LauncherArgs.HOST), "StandaloneHBase DIR [--host ADDR] [--detached]");
    String host = a.option(LauncherArgs.HOST, "127.0.0.1");
    Path dir = Files.createDirectories(a.dir());
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
      System.err.println(stopping ? "HBase stopped" : "HBase stopped unasked");
      Runtime.getRuntime().halt(stopping ? 0 : 1);
    }, "hbase-standalone");
    serving.start();

    Connection connection = ConnectionFactory.createConnection(conf);
    Admin admin = connection.getAdmin();
    awaitServing(admin);
    if (a.detached()) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> shutdown(admin, serving), "hbase-shutdown"));
    } else {
      ParentWatch.start(() -> shutdown(admin, serving));
    }
    System.out.println("READY quorum=" + host + " port=" + zooKeeper.port());
    System.out.flush();
    serving.join();
  }

  /** The master has finished initialising and a region server serves: namespaces can be listed. */
  private static void awaitServing(Admin admin) throws InterruptedException {
    long deadline = System.nanoTime() + 170_000_000_000L;
    while (true) {
      try {
        admin.listNamespaceDescriptors();
        if (!admin.getClusterMetrics().getLiveServerMetrics().isEmpty()) {
          return;
        }
      } catch (IOException e) {
        if (System.nanoTime() > deadline) {
          System.err.println("HBase did not come up: " + e);
          Runtime.getRuntime().halt(2);
        }
      }
      Thread.sleep(250);
    }
  }

  /** A clean cluster shutdown flushes memstores, so a restart finds the data and catalog intact. */
  private static void shutdown(Admin admin, Thread serving) {
    stopping = true;
    try {
      admin.shutdown();
      serving.join(60_000);
    } catch (Exception e) {
      System.err.println("clean shutdown failed: " + e);
    }
  }
}

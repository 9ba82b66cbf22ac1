package io.iotkit.server.hbase;

import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.master.HMasterCommandLine;

/**
 * A real HBase in HBase's own standalone mode: master, region server and ZooKeeper in this one JVM, data on
 * the local filesystem: {@code StandaloneHBase DIR [--host ADDR] [--detached]}. It listens on ADDR (default
 * 127.0.0.1) and prints {@code READY quorum=ADDR port=<zk port>} once it serves tables; stops cleanly on STOP (see
 * {@link ParentWatch}). With {@code --detached} (bin/tpcx-iot.sh server start) it ignores stdin and stops cleanly
 * on SIGTERM instead. Its ports are free ones, so several can run side by side.
 */
public final class StandaloneHBase {
  private StandaloneHBase() {
  }

  public static void main(String[] args) throws Exception {
    LauncherArgs a = LauncherArgs.parse(args, Set.of(LauncherArgs.HOST), "StandaloneHBase DIR [--host ADDR] [--detached]");
    String host = a.option(LauncherArgs.HOST, "127.0.0.1");
    Path dir = Files.createDirectories(a.dir());
    int zkPort = Ports.free(host);
    Configuration conf = HBaseConfiguration.create();
    conf.set("hbase.cluster.distributed", "false");
    conf.set("hbase.rootdir", dir.resolve("hbase").toUri().toString());
    conf.set("hbase.tmp.dir", dir.resolve("tmp").toString());
    conf.set("hbase.zookeeper.property.dataDir", dir.resolve("zookeeper").toString());
    conf.set("hbase.zookeeper.property.clientPortAddress", host);
    HBaseAddresses.apply(conf, host, zkPort, Ports.free(host));
    // The local filesystem has no hflush/hsync capability; without this the master aborts and the JVM hangs.
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);

    HMasterCommandLine master = new HMasterCommandLine(HMaster.class);
    master.setConf(conf);
    Thread serving = new Thread(() -> {
      try {
        int rc = master.run(new String[] {"start"});
        System.err.println("HBase master exited with " + rc);
      } catch (Exception e) {
        e.printStackTrace();
      }
      Runtime.getRuntime().halt(1);
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
    System.out.println("READY quorum=" + host + " port=" + zkPort);
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
    try {
      admin.shutdown();
      serving.join(60_000);
    } catch (Exception e) {
      System.err.println("clean shutdown failed: " + e);
    }
  }
}

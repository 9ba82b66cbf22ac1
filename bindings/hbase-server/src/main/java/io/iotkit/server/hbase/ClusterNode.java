package io.iotkit.server.hbase;

import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.namenode.NameNode;

/**
 * One node of the local HBase-on-HDFS cluster in this JVM, so that each node is a process of its own that can be
 * killed: {@code ClusterNode namenode|datanode|master|regionserver CONF_FILE [DATANODES]}, CONF_FILE being the
 * node's file from {@link ClusterSettings}. {@code ClusterNode format CONF_FILE} formats the namenode's storage and
 * exits, as {@code hdfs namenode -format} does in a process of its own. Prints {@code READY ...} once the node serves: the namenode once
 * DATANODES datanodes are live and it has left safe mode, a datanode once it is registered, the master once it is
 * initialised, a region server once it is online. Its parent is {@link HBaseCluster}: STOP on stdin, or stdin
 * closing, stops the node (see {@link ParentWatch}); the master's stop shuts the whole HBase cluster down.
 */
public final class ClusterNode {
  /** The role that formats the namenode's storage. */
  static final String FORMAT = "format";
  private static final long POLL_MILLIS = 200;

  private ClusterNode() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: ClusterNode format|namenode|datanode|master|regionserver CONF_FILE [DATANODES]");
      System.exit(2);
    }
    Path file = Path.of(args[1]);
    try {
      switch (args[0]) {
        case FORMAT -> NameNode.format(read(new HdfsConfiguration(), file));
        case ClusterSettings.NAMENODE -> nameNode(file, Integer.parseInt(args[2]));
        case ClusterSettings.DATANODE -> dataNode(file);
        case ClusterSettings.MASTER -> master(file);
        case ClusterSettings.REGIONSERVER -> regionServer(file);
        default -> {
          System.err.println("unknown node role " + args[0]);
          Runtime.getRuntime().halt(2);
        }
      }
    } catch (Throwable t) {
      t.printStackTrace();
      Runtime.getRuntime().halt(1);
    }
    // The node is done (formatted, failed or shut down with the cluster): its threads may linger, the process not.
    Runtime.getRuntime().halt(0);
  }

  private static void nameNode(Path file, int datanodes) throws Exception {
    Configuration conf = read(new HdfsConfiguration(), file);
    NameNode nn = NameNode.createNameNode(new String[0], conf);
    ParentWatch.start(() -> {
      nn.stop();
      nn.join();
    });
    while (nn.getNamesystem().getNumLiveDataNodes() < datanodes || nn.isInSafeMode()) {
      Thread.sleep(POLL_MILLIS);
    }
    ready("port=" + nn.getNameNodeAddress().getPort());
    nn.join();
  }

  private static void dataNode(Path file) throws Exception {
    DataNode dn = DataNode.createDataNode(new String[0], read(new HdfsConfiguration(), file));
    ParentWatch.start(dn::shutdown);
    while (!dn.isDatanodeFullyStarted()) {
      Thread.sleep(POLL_MILLIS);
    }
    ready("port=" + dn.getXferPort());
    while (dn.isDatanodeUp()) {
      Thread.sleep(1_000);
    }
  }

  private static void master(Path file) throws Exception {
    HMaster master = new HMaster(read(HBaseConfiguration.create(), file));
    master.start();
    // A cluster shutdown: the region servers flush their memstores and stop, then the master.
    ParentWatch.start(() -> {
      try {
        master.shutdown();
      } catch (IOException e) {
        master.stop("shutdown failed: " + e.getMessage());
      }
      join(master);
    });
    while (!master.isInitialized()) {
      if (master.isStopped()) {
        System.err.println("the HBase master stopped before it was initialised");
        return;
      }
      Thread.sleep(POLL_MILLIS);
    }
    ready("server=" + master.getServerName());
    master.join();
  }

  private static void regionServer(Path file) throws Exception {
    HRegionServer rs = new HRegionServer(read(HBaseConfiguration.create(), file));
    rs.start();
    ParentWatch.start(() -> {
      rs.stop("stopped by the kit");
      join(rs);
    });
    rs.waitForServerOnline();
    if (rs.isStopped()) {
      System.err.println("the region server stopped before it was online");
      return;
    }
    ready("server=" + rs.getServerName());
    rs.join();
  }

  private static Configuration read(Configuration defaults, Path file) {
    defaults.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
    return defaults;
  }

  private static void ready(String facts) {
    System.out.println("READY " + facts);
    System.out.flush();
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

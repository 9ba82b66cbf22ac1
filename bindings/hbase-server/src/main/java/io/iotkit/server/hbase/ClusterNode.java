package io.iotkit.server.hbase;

import io.iotkit.process.Launcher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
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
 * exits, as {@code hdfs namenode -format} does in a process of its own. Prints {@code READY ...} once the node
 * serves: the namenode once DATANODES datanodes are live and it has left safe mode, a datanode once it is
 * registered, the master once it is initialised, a region server once it is online. Its parent is
 * {@link HBaseCluster}; the launch protocol and the exit codes are {@link Launcher}'s. The master's stop shuts the
 * whole HBase cluster down.
 */
public final class ClusterNode {
  /** The role that formats the namenode's storage. */
  static final String FORMAT = "format";
  private static final String USAGE = "usage: ClusterNode format|namenode|datanode|master|regionserver CONF_FILE"
      + " [DATANODES]";
  private static final long POLL_MILLIS = 200;

  private ClusterNode() {
  }

  public static void main(String[] args) {
    if (args.length == 2 && args[0].equals(FORMAT)) {
      format(Path.of(args[1]));
    } else {
      Launcher.run("HBase cluster node", args, ClusterNode::node);
    }
    // The node is done (formatted, or shut down with the cluster): its threads may linger, the process not.
    Runtime.getRuntime().halt(0);
  }

  /** Formats the namenode's storage; a failure is its stack trace and exit 1. */
  private static void format(Path file) {
    try {
      NameNode.format(read(new HdfsConfiguration(), file));
    } catch (IOException | RuntimeException e) {
      e.printStackTrace();
      Runtime.getRuntime().halt(1);
    }
  }

  private static Launcher.Server node(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException(USAGE);
    }
    Path file = Path.of(args[1]);
    return switch (args[0]) {
      case ClusterSettings.NAMENODE -> {
        if (args.length < 3) {
          throw new IllegalArgumentException("a namenode waits for DATANODES; " + USAGE);
        }
        yield new NameNodeServer(file, Integer.parseInt(args[2]));
      }
      case ClusterSettings.DATANODE -> new DataNodeServer(file);
      case ClusterSettings.MASTER -> HBaseNode.master(file);
      case ClusterSettings.REGIONSERVER -> HBaseNode.regionServer(file);
      default -> throw new IllegalArgumentException("unknown node role " + args[0] + "; " + USAGE);
    };
  }

  /** What every role shares: a stop asked once, and an end that is a failure unless it was asked for. */
  private abstract static class Node implements Launcher.Server {
    final String role;
    private final AtomicBoolean stopping = new AtomicBoolean();

    Node(String role) {
      this.role = role;
    }

    /** Stops the node and waits until it has; only once it started. */
    abstract void stopNode();

    /** Waits until the node has ended. */
    abstract void join() throws InterruptedException;

    /** Why the node ended when no one asked, or null when that end is no failure. */
    String failure() {
      return "the " + role + " stopped unasked";
    }

    @Override
    public final void stop() {
      if (stopping.compareAndSet(false, true)) {
        stopNode();
      }
    }

    @Override
    public final String awaitEnd() throws InterruptedException {
      join();
      return stopping.get() ? null : failure();
    }
  }

  private static final class NameNodeServer extends Node {
    private final Path file;
    private final int datanodes;
    private volatile NameNode nn;

    NameNodeServer(Path file, int datanodes) {
      super(ClusterSettings.NAMENODE);
      this.file = file;
      this.datanodes = datanodes;
    }

    @Override
    public Map<String, String> start() throws IOException, InterruptedException {
      nn = NameNode.createNameNode(new String[0], read(new HdfsConfiguration(), file));
      while (nn.getNamesystem().getNumLiveDataNodes() < datanodes || nn.isInSafeMode()) {
        Thread.sleep(POLL_MILLIS);
      }
      return Launcher.facts("port", nn.getNameNodeAddress().getPort());
    }

    @Override
    void stopNode() {
      if (nn != null) {
        nn.stop();
        nn.join();
      }
    }

    @Override
    void join() {
      nn.join();
    }
  }

  private static final class DataNodeServer extends Node {
    private final Path file;
    private volatile DataNode dn;

    DataNodeServer(Path file) {
      super(ClusterSettings.DATANODE);
      this.file = file;
    }

    @Override
    public Map<String, String> start() throws IOException, InterruptedException {
      dn = DataNode.createDataNode(new String[0], read(new HdfsConfiguration(), file));
      while (!dn.isDatanodeFullyStarted()) {
        Thread.sleep(POLL_MILLIS);
      }
      return Launcher.facts("port", dn.getXferPort());
    }

    @Override
    void stopNode() {
      if (dn != null) {
        dn.shutdown();
      }
    }

    @Override
    void join() throws InterruptedException {
      while (dn.isDatanodeUp()) {
        Thread.sleep(1_000);
      }
    }
  }

  /**
   * A master or a region server (HBase's master is a region server that also runs the cluster). The master's stop
   * shuts the cluster down, which stops every region server cleanly: only an abort is a failure.
   */
  private static final class HBaseNode extends Node {
    private final HRegionServer server;
    private final BooleanSupplier serving;
    private final Runnable stop;

    HBaseNode(String role, HRegionServer server, BooleanSupplier serving, Runnable stop) {
      super(role);
      this.server = server;
      this.serving = serving;
      this.stop = stop;
    }

    static HBaseNode master(Path file) throws IOException {
      HMaster master = new HMaster(read(HBaseConfiguration.create(), file));
      return new HBaseNode(ClusterSettings.MASTER, master, master::isInitialized, () -> {
        try {
          master.shutdown();
        } catch (IOException e) {
          master.stop("shutdown failed: " + e.getMessage());
        }
      });
    }

    static HBaseNode regionServer(Path file) throws IOException {
      HRegionServer rs = new HRegionServer(read(HBaseConfiguration.create(), file));
      return new HBaseNode(ClusterSettings.REGIONSERVER, rs, rs::isOnline, () -> rs.stop("stopped by the kit"));
    }

    @Override
    public Map<String, String> start() throws IOException, InterruptedException {
      server.start();
      while (!serving.getAsBoolean()) {
        if (server.isStopped()) {
          throw new IOException("the " + role + " stopped before it served");
        }
        Thread.sleep(POLL_MILLIS);
      }
      return Launcher.facts("server", server.getServerName());
    }

    @Override
    void stopNode() {
      stop.run();
      awaitQuietly(server);
    }

    @Override
    void join() throws InterruptedException {
      server.join();
    }

    @Override
    String failure() {
      return server.isAborted() ? "the " + role + " aborted" : null;
    }
  }

  private static Configuration read(Configuration defaults, Path file) {
    defaults.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
    return defaults;
  }

  private static void awaitQuietly(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

package io.iotkit.binding.hbase;

import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A real HBase on a real HDFS on this host, for {@code --sut-nodes N} with N of 2 or more: a NameNode, N DataNodes,
 * an HBase master and N region servers, each a JVM of its own that can be killed, with dfs.replication = min(N, 3).
 * ZooKeeper runs in the launcher's JVM, which starts and stops the nodes (io.iotkit.server.hbase.HBaseCluster).
 * Data stays under the run's folder; a restart restarts every node on the same data.
 */
final class LocalHBaseCluster extends ChildJvmServer {
  private static final String NODE_FACT = "node.";
  private final LocalSetup setup;

  LocalHBaseCluster(LocalSetup setup) {
    // The launcher holds ZooKeeper only; the nodes get heaps of their own. Start-up waits for HDFS, then HBase, and
    // the stop grace covers the launcher's ordered stop of every node (at most 90 s).
    super(setup, LocalHBase.MODULE, "io.iotkit.server.hbase.HBaseCluster",
        LocalHBase.jvmOptions(List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")), Duration.ofSeconds(480),
        Duration.ofSeconds(100));
    this.setup = setup;
  }

  @Override
  public String description() {
    int n = setup.nodes();
    return "local HBase 2.5 cluster on HDFS: NameNode, " + n + " DataNodes (dfs.replication "
        + Math.min(n, 3) + "), HBase master and " + n + " region servers, each in its own JVM on " + setup.host()
        + ", ZooKeeper in the launcher's JVM, data on the local filesystem";
  }

  /** The NameNode's and DataNodes' storage, ZooKeeper's data and temporary files (as {@link LocalHBase}). */
  @Override
  protected List<Path> storeFolders(Path workDir) throws IOException {
    return LocalHBase.storeFoldersIn(workDir);
  }

  @Override
  protected List<String> arguments(Path workDir) {
    return List.of(workDir.resolve("data").toString(), "--host", setup.host(),
        "--datanodes", Integer.toString(setup.nodes()));
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    return LocalHBase.zooKeeperAddress(facts);
  }

  /** The nodes the launcher's READY line named (e.g. "datanode 2") whose process still runs, by name. */
  @Override
  public List<LocalServer.Node> nodes() {
    return readyFacts().entrySet().stream()
        .filter(e -> e.getKey().startsWith(NODE_FACT))
        .filter(e -> ProcessHandle.of(Long.parseLong(e.getValue())).map(ProcessHandle::isAlive).orElse(false))
        .map(e -> new LocalServer.Node(e.getKey().substring(NODE_FACT.length()).replace('-', ' '),
            Long.parseLong(e.getValue())))
        .sorted(Comparator.comparing(LocalServer.Node::name))
        .toList();
  }
}

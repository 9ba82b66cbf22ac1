package io.iotkit.binding.hbase;

import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalSetup;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A standalone HBase in a child JVM, with the server's own classpath (bindings/hbase-server), so its
 * hundred-odd megabytes of jars never enter the driver. Data stays under the run's folder. One node: for more,
 * the provider starts a {@link LocalHBaseCluster}.
 */
final class LocalHBase extends ChildJvmServer {
  static final String MODULE = "hbase-server";
  /** JDK 17 closes the internals HBase and its Netty reach for; these open them, as HBase's own scripts do. */
  static final List<String> JDK_OPENINGS = List.of(
      "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
      "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");

  private final String host;

  LocalHBase(LocalSetup setup) {
    super(singleNode(setup, "hbase"), MODULE, "io.iotkit.server.hbase.StandaloneHBase",
        jvmOptions(List.of("-Xms256m", "-Xmx1536m", "-XX:+UseG1GC")), Duration.ofSeconds(180), Duration.ofSeconds(90));
    this.host = setup.host();
  }

  /** Heap and collector options, then the {@link #JDK_OPENINGS}. */
  static List<String> jvmOptions(List<String> heap) {
    List<String> all = new ArrayList<>(heap);
    all.addAll(JDK_OPENINGS);
    return all;
  }

  @Override
  public String description() {
    return "embedded standalone HBase 2.5 (master, region server and ZooKeeper in one local JVM,"
        + " data on the local filesystem)";
  }

  /** HBase's root folder, ZooKeeper's data and temporary files: every folder in data/ but the nodes' conf. */
  @Override
  protected List<Path> storeFolders(Path workDir) throws IOException {
    return storeFoldersIn(workDir);
  }

  static List<Path> storeFoldersIn(Path workDir) throws IOException {
    return foldersIn(workDir.resolve("data"), name -> !name.equals("conf"));
  }

  @Override
  protected List<String> arguments(Path workDir) {
    return List.of(workDir.resolve("data").toString(), "--host", host);
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    return zooKeeperAddress(facts);
  }

  /** The binding properties of a local HBase whose READY line named its ZooKeeper (quorum, port). */
  static Properties zooKeeperAddress(Map<String, String> facts) {
    Properties p = new Properties();
    p.setProperty(HBaseSettings.QUORUM, facts.get("quorum"));
    p.setProperty("hbase.zookeeper.property.clientPort", facts.get("port"));
    return p;
  }
}

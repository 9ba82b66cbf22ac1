package io.iotkit.binding.hbase;

import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalSetup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A standalone HBase in a child JVM, with the server's own classpath (bindings/hbase-server), so its
 * hundred-odd megabytes of jars never enter the driver. Data stays under the run's folder.
 */
final class LocalHBase extends ChildJvmServer {
  /** JDK 17 closes the internals HBase and its Netty reach for; these open them, as HBase's own scripts do. */
  private static final List<String> JVM_OPTIONS = List.of("-Xms256m", "-Xmx1536m", "-XX:+UseG1GC",
      "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
      "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");

  LocalHBase(LocalSetup setup) {
    super(singleNode(setup, "hbase"), "hbase-server", "io.iotkit.server.hbase.StandaloneHBase", JVM_OPTIONS, Duration.ofSeconds(180),
        Duration.ofSeconds(90));
  }

  @Override
  public String description() {
    return "embedded standalone HBase 2.5 (master, region server and ZooKeeper in one local JVM,"
        + " data on the local filesystem)";
  }

  @Override
  protected List<String> arguments(Path workDir) {
    return List.of(workDir.resolve("data").toString());
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    Properties p = new Properties();
    p.setProperty(HBaseSettings.QUORUM, facts.get("quorum"));
    p.setProperty("hbase.zookeeper.property.clientPort", facts.get("port"));
    return p;
  }
}

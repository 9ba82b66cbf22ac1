package io.iotkit.binding.hbase;

import io.iotkit.process.JavaCommand;
import io.iotkit.process.LocalServer;
import io.iotkit.process.ServerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

/**
 * A standalone HBase in a child JVM, with the server's own classpath (bindings/hbase-server), so its
 * hundred-odd megabytes of jars never enter the driver. Data stays under the run's folder.
 */
final class EmbeddedHBase implements LocalServer {
  /** JDK 17 closes the internals HBase and its Netty reach for; these open them, as HBase's own scripts do. */
  private static final List<String> JVM_OPTIONS = List.of("-Xms256m", "-Xmx1536m", "-XX:+UseG1GC",
      "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
      "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(180);
  private static final Duration STOP_GRACE = Duration.ofSeconds(90);

  private final Path kitHome;
  private Path workDir;
  private ServerProcess process;

  EmbeddedHBase(Path kitHome) {
    this.kitHome = kitHome;
  }

  @Override
  public String description() {
    return "embedded standalone HBase 2.5 (master, region server and ZooKeeper in one local JVM,"
        + " data on the local filesystem)";
  }

  @Override
  public Properties start(Path dir) throws IOException {
    workDir = dir;
    Path target = kitHome.resolve("bindings/hbase-server/target");
    Path jar = target.resolve("hbase-server.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IOException(jar + " is missing; build the kit (mvn -DskipTests package)");
    }
    List<String> cmd = JavaCommand.of(List.of(jar, target.resolve("lib")), JVM_OPTIONS,
        "io.iotkit.server.hbase.StandaloneHBase", List.of(dir.resolve("data").toString()));
    process = ServerProcess.start(cmd, dir.resolve("hbase-server.log"), READY_TIMEOUT);
    Properties p = new Properties();
    p.setProperty(HBaseProvider.QUORUM, process.facts().get("quorum"));
    p.setProperty("hbase.zookeeper.property.clientPort", process.facts().get("port"));
    return p;
  }

  @Override
  public Properties restart() throws IOException {
    stop();
    return start(workDir);
  }

  @Override
  public void stop() {
    if (process != null) {
      process.stop(STOP_GRACE);
      process = null;
    }
  }
}

package io.iotkit.binding.kafka;

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
 * A real Kafka 3.9 in KRaft mode, one broker and controller, in a child JVM with the server's own classpath
 * (bindings/kafka-server), so the broker's jars never enter the driver. Data stays under the run's folder;
 * a restart serves the same data again.
 */
final class LocalKafka implements LocalServer {
  static final String MAIN = "io.iotkit.server.kafka.StandaloneKafka";
  private static final List<String> JVM_OPTIONS = List.of("-Xms256m", "-Xmx1g", "-XX:+UseG1GC");
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration STOP_GRACE = Duration.ofSeconds(60);

  private final Path kitHome;
  private Path workDir;
  private ServerProcess process;

  LocalKafka(Path kitHome) {
    this.kitHome = kitHome;
  }

  @Override
  public String description() {
    return "local Kafka 3.9 in KRaft mode (one broker and controller in a local JVM on 127.0.0.1,"
        + " data on the local filesystem)";
  }

  @Override
  public Properties start(Path dir) throws IOException {
    workDir = dir;
    Path target = kitHome.resolve("bindings/kafka-server/target");
    Path jar = target.resolve("kafka-server.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IOException(jar + " is missing; build the kit (mvn -DskipTests package)");
    }
    List<String> cmd = JavaCommand.of(List.of(jar, target.resolve("lib")), JVM_OPTIONS, MAIN,
        List.of(dir.resolve("data").toString()));
    process = ServerProcess.start(cmd, dir.resolve("kafka-server.log"), READY_TIMEOUT);
    Properties p = new Properties();
    p.setProperty(KafkaSettings.BOOTSTRAP, process.facts().get("bootstrap"));
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

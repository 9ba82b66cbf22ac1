package io.iotkit.binding.kafka;

import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalSetup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * A real Kafka 3.9 in KRaft mode, one broker and controller, in a child JVM with the server's own classpath
 * (bindings/kafka-server), so the broker's jars never enter the driver. Data stays under the run's folder;
 * a restart serves the same data again.
 */
final class LocalKafka extends ChildJvmServer {
  static final String MAIN = "io.iotkit.server.kafka.StandaloneKafka";
  private static final List<String> JVM_OPTIONS = List.of("-Xms256m", "-Xmx1g", "-XX:+UseG1GC");

  LocalKafka(LocalSetup setup) {
    super(singleNode(setup, "kafka"), "kafka-server", MAIN, JVM_OPTIONS, Duration.ofSeconds(120), Duration.ofSeconds(60));
  }

  @Override
  public String description() {
    return "local Kafka 3.9 in KRaft mode (one broker and controller in a local JVM on 127.0.0.1,"
        + " data on the local filesystem)";
  }

  /** Extra SASL/PLAIN and TLS listeners; their passwords come from the environment (see StandaloneKafka). */
  @Override
  public Set<String> launchOptions() {
    return Set.of("--sasl-plain-user", "--ssl-keystore");
  }

  @Override
  protected List<String> arguments(Path workDir) {
    return List.of(workDir.resolve("data").toString());
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    Properties p = new Properties();
    p.setProperty(KafkaSettings.BOOTSTRAP, facts.get("bootstrap"));
    return p;
  }
}

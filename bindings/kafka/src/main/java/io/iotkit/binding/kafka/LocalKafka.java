package io.iotkit.binding.kafka;

import io.iotkit.process.ChildJvmServer;
import io.iotkit.process.LocalServer;
import io.iotkit.process.LocalSetup;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * A real Kafka 3.9 in KRaft mode in child JVMs with the server's own classpath (bindings/kafka-server), so the
 * broker's jars never enter the driver. Data stays under the run's folder; a restart serves the same data again.
 *
 * <p>One node ({@code --sut-nodes 1}): one JVM that is broker and controller. N nodes: a launcher JVM
 * ({@code KafkaCluster}) that starts N brokers, each in its own JVM, the first three also the controller quorum,
 * with broker defaults that give the kit's topics min(N, 3) replicas and, from three on, min.insync.replicas 2.
 * Every node listens on {@link LocalSetup#host()}.
 */
final class LocalKafka extends ChildJvmServer {
  static final String NODE_MAIN = "io.iotkit.server.kafka.StandaloneKafka";
  static final String CLUSTER_MAIN = "io.iotkit.server.kafka.KafkaCluster";
  private static final List<String> NODE_JVM = List.of("-Xms256m", "-Xmx1g", "-XX:+UseG1GC");
  /**
   * A broker held to a CPU quota compiles with C1 only and collects with the serial GC: C2's compilations and G1's
   * threads would spend the quota, and a broker under 0.3 CPU took half an hour of its warmup to reach its rate.
   */
  private static final List<String> CONFINED_NODE_JVM = List.of("-Xms256m", "-Xmx1g", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1");
  /** The cluster launcher's flag that gives its brokers the confined JVM options. */
  static final String QUICK_JIT = "--quick-jit";

  private final LocalSetup setup;

  LocalKafka(LocalSetup setup) {
    super(setup, "kafka-server", setup.replicated() ? CLUSTER_MAIN : NODE_MAIN,
        setup.replicated() ? SUPERVISOR_JVM : confined(setup) ? CONFINED_NODE_JVM : NODE_JVM,
        Duration.ofSeconds(setup.replicated() ? 180 : 120),
        Duration.ofSeconds(setup.replicated() ? 90 : 60));
    this.setup = setup;
  }

  private static boolean confined(LocalSetup setup) {
    return setup.limits().cpus() > 0;
  }

  private String jit() {
    return confined(setup) ? "; C1-compiled, serial GC, as suits a CPU quota" : "";
  }

  @Override
  public String description() {
    int n = setup.nodes();
    if (n == 1) {
      return "local Kafka 3.9 in KRaft mode (one broker and controller in a local JVM on " + setup.host()
          + ", data on the local filesystem" + jit() + ")";
    }
    String voters = n <= 3 ? "all " + n + " also controller voters" : "brokers 1-3 also the controller quorum";
    return "local Kafka 3.9 cluster in KRaft mode (" + n + " brokers, each in its own JVM on " + setup.host() + ", "
        + voters + "; data on the local filesystem" + jit() + ")";
  }

  /** Extra SASL/PLAIN and TLS listeners, on a single node only; their passwords come from the environment. */
  @Override
  public Set<String> launchOptions() {
    return setup.replicated() ? Set.of() : Set.of("--sasl-plain-user", "--ssl-keystore");
  }

  /** Each broker's log directory (its partitions' segments); server.properties and the broker logs stay. */
  @Override
  protected List<Path> storeFolders(Path workDir) throws IOException {
    if (setup.replicated()) {
      return foldersIn(workDir.resolve("cluster"), name -> name.startsWith("broker-")).stream()
          .map(broker -> broker.resolve("logs")).toList();
    }
    return List.of(workDir.resolve("data/logs"));
  }

  @Override
  protected List<String> arguments(Path workDir) {
    if (setup.replicated()) {
      List<String> args = new ArrayList<>(List.of(workDir.resolve("cluster").toString(), "--nodes",
          Integer.toString(setup.nodes()), "--host", setup.host()));
      if (confined(setup)) {
        args.add(QUICK_JIT);
      }
      return args;
    }
    return List.of(workDir.resolve("data").toString(), "--host", setup.host());
  }

  @Override
  protected Properties address(Map<String, String> facts) {
    Properties p = new Properties();
    p.setProperty(KafkaSettings.BOOTSTRAP, facts.get("bootstrap"));
    return p;
  }

  /** Each broker serving now, by its node id; a broker lost since the start is not among them. */
  @Override
  public List<LocalServer.Node> nodes() {
    List<LocalServer.Node> launcher = super.nodes();
    if (launcher.isEmpty() || !setup.replicated()) {
      return launcher.stream().map(n -> new LocalServer.Node("broker 1", n.pid())).toList();
    }
    List<LocalServer.Node> brokers = new ArrayList<>();
    for (int id = 1; id <= setup.nodes(); id++) {
      String pid = readyFacts().get("pid." + id);
      if (pid != null && ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false)) {
        brokers.add(new LocalServer.Node("broker " + id, Long.parseLong(pid)));
      }
    }
    return brokers;
  }
}

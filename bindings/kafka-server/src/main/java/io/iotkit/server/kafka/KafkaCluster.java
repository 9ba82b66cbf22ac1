package io.iotkit.server.kafka;

import io.iotkit.process.JavaCommand;
import io.iotkit.process.ParentWatch;
import io.iotkit.process.ServerProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * A local Kafka cluster of N nodes on one address, each node a {@link StandaloneKafka} in a JVM of its own, so a
 * node can be lost (killed) while the others serve on. This JVM only launches and stops them: it writes the
 * {@link ClusterLayout} to {@code DIR/cluster.properties}, starts every node at once (a broker waits for the
 * controller quorum, which needs a majority of the voters up), and prints
 * {@code READY bootstrap=<every broker> nodes=N pid.1=<pid> ... pid.N=<pid>} once every broker serves. Node i
 * keeps its data in {@code DIR/broker-i} and its log in {@code DIR/broker-i.log}.
 *
 * <p>It stops the nodes together, each cleanly (a STOP line), on a STOP line of its own and when its stdin closes
 * (see {@link ParentWatch}), or, with {@code --detached}, on SIGTERM. A node that dies meanwhile is reported in
 * the log and not replaced: a lost node stays lost until the cluster is restarted.
 */
public final class KafkaCluster {
  static final String CLUSTER_FILE = "cluster.properties";
  private static final Duration NODE_READY = Duration.ofSeconds(150);
  /** Less than the grace LocalKafka and bin/tpcx-iot.sh server stop give this launcher. */
  private static final Duration NODE_STOP = Duration.ofSeconds(60);
  /** Half the single node's heap: a broker's heap holds requests in flight, not the data (page cache). */
  private static final List<String> NODE_JVM = List.of("-Xms256m", "-Xmx512m", "-XX:+UseG1GC");
  /** With --quick-jit: C1 only and the serial GC, for brokers held to a CPU quota (C2 would spend it). */
  private static final List<String> QUICK_NODE_JVM = List.of("-Xms256m", "-Xmx512m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1");

  private final Map<Integer, ServerProcess> serving = new ConcurrentHashMap<>();
  private final AtomicBoolean stopping = new AtomicBoolean();

  private final List<String> nodeJvm;

  private KafkaCluster(List<String> nodeJvm) {
    this.nodeJvm = nodeJvm;
  }

  public static void main(String[] args) throws Exception {
    Options o;
    ClusterLayout layout;
    try {
      o = Options.parse(args);
      Files.createDirectories(o.dir);
      layout = ClusterLayout.reuseOrPick(o.dir.resolve(CLUSTER_FILE), o.host, o.nodes);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println("usage: KafkaCluster DIR --nodes N [--host ADDR] [--detached]");
      System.exit(2);
      return;
    }
    layout.write(o.dir.resolve(CLUSTER_FILE));
    KafkaCluster cluster = new KafkaCluster(o.quickJit ? QUICK_NODE_JVM : NODE_JVM);
    if (o.detached) {
      Runtime.getRuntime().addShutdownHook(new Thread(cluster::stop, "kafka-cluster-stop"));
    } else {
      // From the start: a kit that goes away while the nodes start takes them along.
      ParentWatch.start(cluster::stop);
    }
    try {
      cluster.startAll(o.dir, layout);
    } catch (IOException e) {
      System.err.println(e.getMessage());
      cluster.stop();
      System.exit(1);
    }
    System.out.println("READY bootstrap=" + layout.bootstrap() + " nodes=" + layout.size() + " "
        + cluster.serving.entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> "pid." + e.getKey() + "=" + e.getValue().pid()).collect(Collectors.joining(" ")));
    System.out.flush();
    new CountDownLatch(1).await(); // until STOP, stdin's end or SIGTERM ends the JVM
  }

  /** Starts every node at once and waits until each serves; the first node that fails is the message. */
  private void startAll(Path dir, ClusterLayout layout) throws IOException, InterruptedException {
    CompletableFuture<Void> failed = new CompletableFuture<>();
    List<CompletableFuture<Void>> starts = new ArrayList<>();
    for (ClusterLayout.Node n : layout.nodes()) {
      CompletableFuture<Void> start = new CompletableFuture<>();
      starts.add(start);
      Thread t = new Thread(() -> {
        try {
          ServerProcess p = ServerProcess.start(command(dir, n.id(), nodeJvm), dir.resolve("broker-" + n.id() + ".log"),
              NODE_READY);
          serving.put(n.id(), p);
          watch(n.id(), p.pid());
          start.complete(null);
        } catch (IOException e) {
          failed.completeExceptionally(new IOException("broker " + n.id() + " did not start: " + e.getMessage()));
        }
      }, "start-broker-" + n.id());
      t.setDaemon(true);
      t.start();
    }
    try {
      CompletableFuture.anyOf(CompletableFuture.allOf(starts.toArray(CompletableFuture[]::new)), failed).get();
    } catch (ExecutionException e) {
      throw (IOException) e.getCause();
    }
  }

  /** The node's command line, with this launcher's classpath as it was given: its jar and lib/, kept short. */
  private static List<String> command(Path dir, int id, List<String> jvm) throws IOException {
    Path jar;
    try {
      jar = Path.of(KafkaCluster.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IOException("cannot locate the launcher's jar: " + e.getMessage());
    }
    List<Path> classpath = List.of(jar, jar.resolveSibling("lib"));
    return JavaCommand.of(classpath, jvm, StandaloneKafka.class.getName(),
        List.of(dir.resolve("broker-" + id).toString(), "--cluster", dir.resolve(CLUSTER_FILE).toString(),
            "--node-id", Integer.toString(id)));
  }

  /** Says in the log when a node dies on its own; once none is left, the cluster is gone and so is this JVM. */
  private void watch(int id, long pid) {
    ProcessHandle.of(pid).ifPresent(h -> h.onExit().thenRun(() -> {
      if (stopping.get()) {
        return;
      }
      serving.remove(id);
      System.err.println("broker " + id + " (pid " + pid + ") exited; the cluster serves on without it");
      if (serving.isEmpty() && !stopping.get()) {
        System.err.println("every broker has exited");
        Runtime.getRuntime().halt(1);
      }
    }));
  }

  /**
   * Stops every node at once: each broker's controlled shutdown needs the controller quorum, which stopping the
   * nodes one by one would take away from the last ones. Kills a node that is still starting.
   */
  private void stop() {
    if (!stopping.compareAndSet(false, true)) {
      return;
    }
    List<Thread> stops = new ArrayList<>();
    for (ServerProcess p : serving.values()) {
      Thread t = new Thread(() -> p.stop(NODE_STOP), "stop-broker");
      t.start();
      stops.add(t);
    }
    for (Thread t : stops) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    ProcessHandle.current().children().forEach(ProcessHandle::destroyForcibly);
  }

  /** The command line. */
  record Options(Path dir, int nodes, String host, boolean detached, boolean quickJit) {
    static Options parse(String[] args) {
      if (args.length < 1 || args[0].startsWith("--")) {
        throw new IllegalArgumentException("no cluster folder given");
      }
      int nodes = 0;
      String host = "127.0.0.1";
      boolean detached = false;
      boolean quickJit = false;
      for (int i = 1; i < args.length; i++) {
        switch (args[i]) {
          case "--nodes" -> nodes = LaunchArgs.positive(args, ++i);
          case "--host" -> host = LaunchArgs.value(args, ++i);
          case "--detached" -> detached = true;
          case "--quick-jit" -> quickJit = true;
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
      }
      if (nodes < 1) {
        throw new IllegalArgumentException("--nodes N is required");
      }
      return new Options(Path.of(args[0]).toAbsolutePath(), nodes, host, detached, quickJit);
    }
  }
}

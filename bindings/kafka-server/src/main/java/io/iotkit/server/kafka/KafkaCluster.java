package io.iotkit.server.kafka;

import io.iotkit.process.JavaCommand;
import io.iotkit.process.Launcher;
import io.iotkit.process.LaunchLine;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A local Kafka cluster of N nodes on one address, each node a {@link StandaloneKafka} in a JVM of its own, so a
 * node can be lost (killed) while the others serve on. This JVM only launches and stops them: it writes the
 * {@link ClusterLayout} to {@code DIR/cluster.properties}, starts every node at once (a broker waits for the
 * controller quorum, which needs a majority of the voters up), and prints
 * {@code READY bootstrap=<every broker> nodes=N pid.1=<pid> ... pid.N=<pid>} once every broker serves. Node i
 * keeps its data in {@code DIR/broker-i} and its log in {@code DIR/broker-i.log}.
 *
 * <p>It stops the nodes together, each cleanly (a STOP line); the launch protocol and the exit codes are
 * {@link Launcher}'s. A node that dies meanwhile is reported in the log and not replaced: a lost node stays lost
 * until the cluster is restarted; once every node is lost, the cluster has ended.
 */
public final class KafkaCluster implements Launcher.Server {
  static final String CLUSTER_FILE = "cluster.properties";
  private static final String USAGE = "usage: KafkaCluster DIR --nodes N [--host ADDR] [--quick-jit] [--detached]";
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
  /** Completed with null once stopped on request, or with why once every broker has exited on its own. */
  private final CompletableFuture<String> ended = new CompletableFuture<>();
  private final Path dir;
  private final ClusterLayout layout;
  private final List<String> nodeJvm;

  private KafkaCluster(Path dir, ClusterLayout layout, List<String> nodeJvm) {
    this.dir = dir;
    this.layout = layout;
    this.nodeJvm = nodeJvm;
  }

  public static void main(String[] args) {
    Launcher.run("local Kafka cluster", args, KafkaCluster::create);
  }

  private static KafkaCluster create(String[] args) throws IOException {
    Options o = Options.parse(args);
    Files.createDirectories(o.dir);
    ClusterLayout layout = ClusterLayout.reuseOrPick(o.dir.resolve(CLUSTER_FILE), o.host, o.nodes);
    return new KafkaCluster(o.dir, layout, o.quickJit ? QUICK_NODE_JVM : NODE_JVM);
  }

  @Override
  public Map<String, String> start() throws IOException, InterruptedException {
    layout.write(dir.resolve(CLUSTER_FILE));
    startAll();
    Map<String, String> facts = Launcher.facts("bootstrap", layout.bootstrap(), "nodes", layout.size());
    serving.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(e -> facts.put("pid." + e.getKey(), Long.toString(e.getValue().pid())));
    return facts;
  }

  @Override
  public String awaitEnd() {
    return ended.join();
  }

  /** Starts every node at once and waits until each serves; the first node that fails is the message. */
  private void startAll() throws IOException, InterruptedException {
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
    return JavaCommand.of(JavaCommand.jarAndLib(KafkaCluster.class), jvm, StandaloneKafka.class.getName(),
        List.of(dir.resolve("broker-" + id).toString(), "--cluster", dir.resolve(CLUSTER_FILE).toString(),
            "--node-id", Integer.toString(id)));
  }

  /** Says in the log when a node dies on its own; once none is left, the cluster has ended. */
  private void watch(int id, long pid) {
    ProcessHandle.of(pid).ifPresent(h -> h.onExit().thenRun(() -> {
      if (stopping.get()) {
        return;
      }
      serving.remove(id);
      System.err.println("broker " + id + " (pid " + pid + ") exited; the cluster serves on without it");
      if (serving.isEmpty() && !stopping.get()) {
        ended.complete("every broker has exited");
      }
    }));
  }

  /**
   * Stops every node at once: each broker's controlled shutdown needs the controller quorum, which stopping the
   * nodes one by one would take away from the last ones. Kills a node that is still starting.
   */
  @Override
  public void stop() {
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
    ended.complete(null);
  }

  /** The command line. */
  record Options(Path dir, int nodes, String host, boolean detached, boolean quickJit) {
    static Options parse(String[] args) {
      LaunchLine line = LaunchLine.of(USAGE).valued("--nodes").flags("--quick-jit").parse(args);
      int nodes = line.number("--nodes", 0, 1, 99, "a node count");
      if (nodes < 1) {
        throw new IllegalArgumentException("--nodes N is required; " + USAGE);
      }
      return new Options(line.dir(), nodes, line.host(), line.detached(), line.flag("--quick-jit"));
    }
  }
}

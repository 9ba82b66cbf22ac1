package io.iotkit.server.hbase;

import io.iotkit.process.JavaCommand;
import io.iotkit.process.Launcher;
import io.iotkit.process.ServerProcess;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A real HBase on a real HDFS on this host: {@code HBaseCluster DIR --host ADDR --datanodes N [--detached]}.
 * ZooKeeper runs in this JVM; every other node is a child JVM of its own ({@link ClusterNode}): a NameNode, N
 * DataNodes, an HBase master and one region server per datanode, all listening on ADDR, with dfs.replication =
 * min(N, 3) (see {@link ClusterSettings}). Prints {@code READY quorum=ADDR port=<zk port> node.<name>=<pid> ...}
 * once HBase serves on all its region servers. The launch protocol and the exit codes are {@link Launcher}'s.
 *
 * <p>Stopping shuts the cluster down in order (HBase, whose region servers flush their memstores, then HDFS, then
 * ZooKeeper). The nodes speak the same protocol with this JVM, so no node outlives it. Data stays in DIR: a new
 * launcher on the same DIR serves the same tables.
 */
public final class HBaseCluster implements Launcher.Server {
  /** Each stage's limit (formatting, HDFS, HBase); together within the kit's wait for the launcher (480 s). */
  private static final Duration HDFS_READY = Duration.ofSeconds(150);
  private static final Duration HBASE_READY = Duration.ofSeconds(180);
  private static final Duration MASTER_STOP = Duration.ofSeconds(45);
  private static final Duration NODE_STOP = Duration.ofSeconds(15);

  /** One thread per node being waited for (the common pool has one thread on two cores). */
  private static final ExecutorService WAITERS = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "node-waiter");
    t.setDaemon(true);
    return t;
  });

  private final Path dir;
  private final String host;
  private final int datanodes;
  /** Running nodes by name, in start order. */
  private final Map<String, ServerProcess> nodes = new LinkedHashMap<>();
  private final AtomicBoolean stopping = new AtomicBoolean();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile ClusterSettings settings;
  private volatile EmbeddedZooKeeper zooKeeper;

  private HBaseCluster(Path dir, String host, int datanodes) {
    this.dir = dir;
    this.host = host;
    this.datanodes = datanodes;
  }

  public static void main(String[] args) {
    Launcher.run("local HBase cluster", args, HBaseCluster::parse);
  }

  private static HBaseCluster parse(String[] args) throws IOException {
    LaunchOptions o = LaunchOptions.parse(args, true);
    return new HBaseCluster(o.dir(), o.host(), o.datanodes());
  }

  /**
   * The NameNode's port, the same for every start on DIR: HBase keeps hdfs:// paths of its root directory in its
   * own files, so a restart must find HDFS where it was.
   */
  private static int nameNodePort(Path dir, String host) throws IOException {
    Path file = dir.resolve("namenode.port");
    if (Files.isRegularFile(file)) {
      return Integer.parseInt(Files.readString(file, StandardCharsets.UTF_8).trim());
    }
    int port = Ports.free(host);
    Files.writeString(file, port + "\n", StandardCharsets.UTF_8);
    return port;
  }

  /** HDFS first (it serves once every datanode is live), then HBase (once every region server is online). */
  @Override
  public Map<String, String> start() throws IOException, InterruptedException {
    zooKeeper = EmbeddedZooKeeper.start(host, dir.resolve("zookeeper"));
    settings = new ClusterSettings(dir, host, datanodes, nameNodePort(dir, host), Ports.free(host),
        zooKeeper.port(), Ports.free(host));
    settings.write();
    if (!Files.isDirectory(settings.nameNodeStorage().resolve("current"))) {
      format();
    }
    List<String> hdfs = new ArrayList<>();
    hdfs.add(ClusterSettings.NAMENODE);
    for (int i = 1; i <= settings.datanodes(); i++) {
      hdfs.add(ClusterSettings.node(ClusterSettings.DATANODE, i));
    }
    startAll(hdfs, HDFS_READY);
    List<String> hbase = new ArrayList<>();
    hbase.add(ClusterSettings.MASTER);
    for (int i = 1; i <= settings.regionServers(); i++) {
      hbase.add(ClusterSettings.node(ClusterSettings.REGIONSERVER, i));
    }
    startAll(hbase, HBASE_READY);
    return facts();
  }

  /** Formats HDFS in a JVM of its own, as {@code hdfs namenode -format} does. */
  private void format() throws IOException, InterruptedException {
    Path log = dir.resolve(ClusterSettings.NAMENODE + ".log");
    List<String> command = JavaCommand.of(JavaCommand.jarAndLib(HBaseCluster.class),
        jvmOptions(ClusterSettings.NAMENODE), ClusterNode.class.getName(), List.of(ClusterNode.FORMAT, settings.file(ClusterSettings.NAMENODE).toString()));
    Process p = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    if (!p.waitFor(HDFS_READY.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("formatting HDFS took longer than " + HDFS_READY.toSeconds() + " s; see " + log);
    }
    if (p.exitValue() != 0) {
      throw new IOException("formatting HDFS failed; see " + log);
    }
  }

  /** Starts these nodes side by side and waits until each is ready; logs how long that took. */
  private void startAll(List<String> names, Duration timeout) throws IOException {
    long begun = System.nanoTime();
    List<CompletableFuture<Void>> started = new ArrayList<>();
    for (String name : names) {
      List<String> command = command(name);
      started.add(CompletableFuture.runAsync(() -> {
        try {
          ServerProcess p = ServerProcess.start(command, dir.resolve(name + ".log"), timeout);
          synchronized (nodes) {
            nodes.put(name, p);
          }
        } catch (IOException e) {
          throw new CompletionException(new IOException(name + " " + e.getMessage(), e));
        }
      }, WAITERS));
    }
    // The first node that fails ends the wait: the others may be waiting for it.
    CompletableFuture<Void> failed = new CompletableFuture<>();
    started.forEach(f -> f.exceptionally(e -> {
      failed.completeExceptionally(e);
      return null;
    }));
    try {
      CompletableFuture.anyOf(CompletableFuture.allOf(started.toArray(CompletableFuture[]::new)), failed).join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause().toString(), e.getCause());
    }
    System.err.printf("%s serve (%.1f s)%n", String.join(", ", names), (System.nanoTime() - begun) / 1e9);
  }

  private List<String> command(String name) throws IOException {
    String role = name.replaceFirst("-\\d+$", "");
    List<String> args = new ArrayList<>(List.of(role, settings.file(name).toString()));
    if (role.equals(ClusterSettings.NAMENODE)) {
      args.add(Integer.toString(settings.datanodes()));
    }
    return JavaCommand.of(JavaCommand.jarAndLib(HBaseCluster.class), jvmOptions(role), ClusterNode.class.getName(), args);
  }

  /**
   * Small heaps, so that the whole cluster fits beside the driver on a small machine, and the JDK openings the
   * launcher itself was given (HBase and Netty reach into JDK internals).
   */
  private static List<String> jvmOptions(String role) {
    List<String> options = new ArrayList<>(switch (role) {
      case ClusterSettings.NAMENODE -> List.of("-Xmx256m");
      case ClusterSettings.DATANODE -> List.of("-Xmx192m");
      case ClusterSettings.MASTER -> List.of("-Xmx384m");
      default -> List.of("-Xmx512m");
    });
    options.add("-XX:+UseSerialGC");
    if (role.equals(ClusterSettings.NAMENODE) || role.equals(ClusterSettings.MASTER)) {
      options.add("-XX:TieredStopAtLevel=1");
    }
    for (String given : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (given.startsWith("--add-") || given.startsWith("-Dorg.apache.hbase.thirdparty")) {
        options.add(given);
      }
    }
    return options;
  }

  private Map<String, String> facts() {
    Map<String, String> facts = Launcher.facts("quorum", settings.host(), "port", settings.zooKeeperPort(),
        "datanodes", settings.datanodes(), "regionservers", settings.regionServers(),
        "replication", settings.replication(), "node.zookeeper", ProcessHandle.current().pid());
    synchronized (nodes) {
      nodes.forEach((name, p) -> facts.put("node." + name, Long.toString(p.pid())));
    }
    return facts;
  }

  /**
   * HBase first: the master's stop shuts the cluster down, each region server flushing its memstore to HDFS; then
   * HDFS, then ZooKeeper. A node that does not stop within its grace time is killed.
   */
  @Override
  public void stop() {
    if (!stopping.compareAndSet(false, true)) {
      return;
    }
    List<Map.Entry<String, ServerProcess>> all;
    synchronized (nodes) {
      all = new ArrayList<>(nodes.entrySet());
    }
    stopAll(all, ClusterSettings.MASTER, MASTER_STOP);
    stopAll(all, ClusterSettings.REGIONSERVER, NODE_STOP);
    stopAll(all, ClusterSettings.DATANODE, NODE_STOP);
    stopAll(all, ClusterSettings.NAMENODE, NODE_STOP);
    if (zooKeeper != null) {
      zooKeeper.stop();
    }
    stopped.countDown();
  }

  /** The cluster serves until it is stopped; a node that dies stays lost, and the kit finds it by its READY pid. */
  @Override
  public String awaitEnd() throws InterruptedException {
    stopped.await();
    return null;
  }

  /** Stops the nodes of one role side by side. */
  private static void stopAll(List<Map.Entry<String, ServerProcess>> all, String role, Duration grace) {
    CompletableFuture.allOf(all.stream()
        .filter(e -> e.getKey().equals(role) || e.getKey().startsWith(role + "-"))
        .map(e -> CompletableFuture.runAsync(() -> e.getValue().stop(grace), WAITERS))
        .toArray(CompletableFuture[]::new)).join();
  }
}

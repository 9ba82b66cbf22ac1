package io.iotkit.server.kafka;

import io.iotkit.process.ParentWatch;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/**
 * A real Kafka in KRaft mode: one node that is both broker and controller, in this JVM, listening on
 * 127.0.0.1 only, with its data under the folder given as the first argument. Prints
 * {@code READY bootstrap=127.0.0.1:<port>} once it serves clients.
 *
 * <p>Started by the kit ({@code LocalKafka}), it stops cleanly on a STOP line and halts when its stdin closes
 * (see {@link ParentWatch}), so it never outlives the kit. With {@code --standalone} (bin/kafka-local.sh) it
 * ignores stdin and runs until SIGTERM or Ctrl-C, which also stop it cleanly.
 *
 * <p>A folder that already holds data is served again as it is, on the same ports when they are still free, so
 * a restart keeps both the data and (usually) the address.
 */
public final class StandaloneKafka {
  private static final String PORTS_FILE = "ports.properties";
  private static final long READY_TIMEOUT_MS = 120_000;

  private StandaloneKafka() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: StandaloneKafka DIR [--standalone]");
      System.exit(2);
    }
    Path dir = Path.of(args[0]).toAbsolutePath();
    boolean standalone = args.length > 1 && args[1].equals("--standalone");
    Files.createDirectories(dir);
    Ports ports = Ports.reuseOrPick(dir.resolve(PORTS_FILE));
    Path config = dir.resolve("server.properties");
    Properties props = serverProperties(dir, ports);
    try (OutputStream out = Files.newOutputStream(config)) {
      props.store(out, "written by StandaloneKafka at each start");
    }
    if (!Files.exists(dir.resolve("logs/meta.properties"))) {
      format(config);
    }

    KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(props, false), Time.SYSTEM);
    AtomicBoolean stopped = new AtomicBoolean();
    Runnable stop = () -> {
      if (stopped.compareAndSet(false, true)) {
        // A clean shutdown closes the logs with their indexes, so a restart needs no recovery.
        server.shutdown();
        server.awaitShutdown();
      }
    };
    Runtime.getRuntime().addShutdownHook(new Thread(stop, "kafka-shutdown"));
    server.startup();
    String bootstrap = "127.0.0.1:" + ports.broker;
    awaitServing(bootstrap);
    if (!standalone) {
      ParentWatch.start(stop);
    }
    System.out.println("READY bootstrap=" + bootstrap);
    System.out.flush();
    server.awaitShutdown();
  }

  static Properties serverProperties(Path dir, Ports ports) {
    Properties p = new Properties();
    p.setProperty("process.roles", "broker,controller");
    p.setProperty("node.id", "1");
    p.setProperty("controller.quorum.voters", "1@127.0.0.1:" + ports.controller);
    p.setProperty("listeners", "PLAINTEXT://127.0.0.1:" + ports.broker + ",CONTROLLER://127.0.0.1:" + ports.controller);
    p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + ports.broker);
    p.setProperty("controller.listener.names", "CONTROLLER");
    p.setProperty("inter.broker.listener.name", "PLAINTEXT");
    p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.setProperty("log.dirs", dir.resolve("logs").toString());
    // One node keeps one copy of everything, its internal topics included; the kit reports that honestly.
    p.setProperty("num.partitions", "1");
    p.setProperty("default.replication.factor", "1");
    p.setProperty("min.insync.replicas", "1");
    p.setProperty("offsets.topic.replication.factor", "1");
    p.setProperty("offsets.topic.num.partitions", "1");
    p.setProperty("transaction.state.log.replication.factor", "1");
    p.setProperty("transaction.state.log.min.isr", "1");
    p.setProperty("group.initial.rebalance.delay.ms", "0");
    // The kit creates its topics itself; a mistyped name must fail, not appear.
    p.setProperty("auto.create.topics.enable", "false");
    // Two cores are shared with the driver instances: fewer server threads than Kafka's defaults.
    p.setProperty("num.network.threads", "2");
    p.setProperty("num.io.threads", "4");
    p.setProperty("num.recovery.threads.per.data.dir", "2");
    return p;
  }

  /** Formats a new log folder with a new cluster id (a restart skips this: the folder keeps its id). */
  private static void format(Path config) {
    String[] args = {"format", "--cluster-id", Uuid.randomUuid().toString(), "--config", config.toString()};
    // execute, not main: main exits the JVM.
    int rc = StorageTool.execute(args, System.err);
    if (rc != 0) {
      System.err.println("formatting the Kafka log folder failed (" + rc + ")");
      Runtime.getRuntime().halt(2);
    }
  }

  /** The broker is registered and unfenced once a client sees it in the cluster. */
  private static void awaitServing(String bootstrap) throws InterruptedException {
    Properties p = new Properties();
    p.setProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    long deadline = System.currentTimeMillis() + READY_TIMEOUT_MS;
    try (Admin admin = Admin.create(p)) {
      while (true) {
        try {
          if (!admin.describeCluster(new DescribeClusterOptions().timeoutMs(5_000)).nodes()
              .get(6, TimeUnit.SECONDS).isEmpty()) {
            return;
          }
        } catch (Exception e) {
          if (System.currentTimeMillis() > deadline) {
            System.err.println("Kafka did not come up: " + e);
            Runtime.getRuntime().halt(2);
          }
        }
        Thread.sleep(100);
      }
    }
  }

  /** The broker and controller ports: the ones of the previous start when both are still free. */
  record Ports(int broker, int controller) {
    static Ports reuseOrPick(Path file) throws IOException {
      if (Files.isRegularFile(file)) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
          p.load(in);
        }
        int broker = Integer.parseInt(p.getProperty("broker", "0"));
        int controller = Integer.parseInt(p.getProperty("controller", "0"));
        if (isFree(broker) && isFree(controller)) {
          return new Ports(broker, controller);
        }
      }
      int broker = freePort();
      int controller = freePort();
      while (controller == broker) {
        controller = freePort();
      }
      Ports ports = new Ports(broker, controller);
      Properties p = new Properties();
      p.setProperty("broker", Integer.toString(ports.broker));
      p.setProperty("controller", Integer.toString(ports.controller));
      try (OutputStream out = Files.newOutputStream(file)) {
        p.store(out, "ports of the local Kafka in this folder");
      }
      return ports;
    }

    private static boolean isFree(int port) {
      if (port <= 0) {
        return false;
      }
      try (ServerSocket s = new ServerSocket()) {
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return true;
      } catch (IOException e) {
        return false;
      }
    }

    private static int freePort() throws IOException {
      try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
        return s.getLocalPort();
      }
    }
  }
}

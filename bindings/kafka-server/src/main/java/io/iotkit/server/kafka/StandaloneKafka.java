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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
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
 * (see {@link ParentWatch}), so it never outlives the kit. With {@code --detached} (bin/tpcx-iot.sh server start)
 * it ignores stdin and runs until SIGTERM or Ctrl-C, which also stop it cleanly.
 *
 * <p>A folder that already holds data is served again as it is, on the same ports when they are still free, so
 * a restart keeps both the data and (usually) the address.
 *
 * <p>Optionally it also serves SASL/PLAIN ({@code --sasl-plain-user NAME}, password in
 * {@value Options#SASL_PASSWORD_ENV}) and TLS ({@code --ssl-keystore FILE}, a PKCS12 keystore whose password is in
 * {@value Options#SSL_PASSWORD_ENV}) on listeners of their own, named in the READY line ({@code sasl=...},
 * {@code ssl=...}), so the binding's security settings can be tried on a real broker. Passwords never appear on
 * the command line or in the files it writes.
 */
public final class StandaloneKafka {
  private static final String PORTS_FILE = "ports.properties";
  private static final long READY_TIMEOUT_MS = 120_000;

  private StandaloneKafka() {
  }

  public static void main(String[] args) throws Exception {
    Options o;
    try {
      o = Options.parse(args, System.getenv());
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println("usage: StandaloneKafka DIR [--detached] [--sasl-plain-user NAME] [--ssl-keystore FILE]");
      System.exit(2);
      return;
    }
    Files.createDirectories(o.dir);
    Ports ports = Ports.reuseOrPick(o.dir.resolve(PORTS_FILE), o.portNames());
    Properties props = serverProperties(o.dir, ports);
    Path config = o.dir.resolve("server.properties");
    try (OutputStream out = Files.newOutputStream(config)) {
      props.store(out, "written by StandaloneKafka at each start (without listener secrets)");
    }
    if (!Files.exists(o.dir.resolve("logs/meta.properties"))) {
      format(config);
    }
    secureListeners(props, o, ports);

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
    String bootstrap = "127.0.0.1:" + ports.get("broker");
    awaitServing(bootstrap);
    if (!o.detached) {
      ParentWatch.start(stop);
    }
    StringBuilder ready = new StringBuilder("READY bootstrap=").append(bootstrap);
    for (String extra : List.of("sasl", "ssl")) {
      if (ports.has(extra)) {
        ready.append(' ').append(extra).append("=127.0.0.1:").append(ports.get(extra));
      }
    }
    System.out.println(ready);
    System.out.flush();
    server.awaitShutdown();
  }

  /** The command line: the data folder, and what else to serve. Secrets come from the environment only. */
  record Options(Path dir, boolean detached, String saslUser, String saslPassword, Path sslKeystore,
                 String sslPassword) {
    static final String SASL_PASSWORD_ENV = "KAFKA_LOCAL_SASL_PASSWORD";
    static final String SSL_PASSWORD_ENV = "KAFKA_LOCAL_SSL_PASSWORD";

    static Options parse(String[] args, Map<String, String> env) {
      if (args.length < 1 || args[0].startsWith("--")) {
        throw new IllegalArgumentException("no data folder given");
      }
      boolean detached = false;
      String user = null;
      Path keystore = null;
      for (int i = 1; i < args.length; i++) {
        switch (args[i]) {
          case "--detached" -> detached = true;
          case "--sasl-plain-user" -> user = value(args, ++i);
          case "--ssl-keystore" -> keystore = Path.of(value(args, ++i)).toAbsolutePath();
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
      }
      String saslPassword = env.get(SASL_PASSWORD_ENV);
      if (user != null && (saslPassword == null || saslPassword.isEmpty())) {
        throw new IllegalArgumentException("--sasl-plain-user needs the password in " + SASL_PASSWORD_ENV);
      }
      String sslPassword = env.get(SSL_PASSWORD_ENV);
      if (keystore != null && (sslPassword == null || sslPassword.isEmpty())) {
        throw new IllegalArgumentException("--ssl-keystore needs the keystore password in " + SSL_PASSWORD_ENV);
      }
      return new Options(Path.of(args[0]).toAbsolutePath(), detached, user, saslPassword, keystore, sslPassword);
    }

    private static String value(String[] args, int i) {
      if (i >= args.length) {
        throw new IllegalArgumentException(args[i - 1] + " needs a value");
      }
      return args[i];
    }

    List<String> portNames() {
      List<String> names = new ArrayList<>(List.of("broker", "controller"));
      if (saslUser != null) {
        names.add("sasl");
      }
      if (sslKeystore != null) {
        names.add("ssl");
      }
      return names;
    }
  }

  static Properties serverProperties(Path dir, Ports ports) {
    Properties p = new Properties();
    p.setProperty("process.roles", "broker,controller");
    p.setProperty("node.id", "1");
    p.setProperty("controller.quorum.voters", "1@127.0.0.1:" + ports.get("controller"));
    p.setProperty("listeners", "PLAINTEXT://127.0.0.1:" + ports.get("broker") + ",CONTROLLER://127.0.0.1:"
        + ports.get("controller"));
    p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + ports.get("broker"));
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

  /**
   * Optional client listeners besides PLAINTEXT, to try the kit's SASL and TLS settings (and their error lines)
   * against a real broker: SASL/PLAIN with one user, and TLS with the given PKCS12 keystore.
   */
  static void secureListeners(Properties p, Options o, Ports ports) {
    StringBuilder listeners = new StringBuilder(p.getProperty("listeners"));
    StringBuilder advertised = new StringBuilder(p.getProperty("advertised.listeners"));
    StringBuilder map = new StringBuilder(p.getProperty("listener.security.protocol.map"));
    if (o.saslUser != null) {
      String l = ",SASL_PLAINTEXT://127.0.0.1:" + ports.get("sasl");
      listeners.append(l);
      advertised.append(l);
      map.append(",SASL_PLAINTEXT:SASL_PLAINTEXT");
      p.setProperty("sasl.enabled.mechanisms", "PLAIN");
      p.setProperty("listener.name.sasl_plaintext.plain.sasl.jaas.config",
          "org.apache.kafka.common.security.plain.PlainLoginModule required user_" + o.saslUser + "="
              + quoted(o.saslPassword) + ";");
    }
    if (o.sslKeystore != null) {
      String l = ",SSL://127.0.0.1:" + ports.get("ssl");
      listeners.append(l);
      advertised.append(l);
      map.append(",SSL:SSL");
      p.setProperty("listener.name.ssl.ssl.keystore.location", o.sslKeystore.toString());
      p.setProperty("listener.name.ssl.ssl.keystore.type", "PKCS12");
      p.setProperty("listener.name.ssl.ssl.keystore.password", o.sslPassword);
      p.setProperty("listener.name.ssl.ssl.key.password", o.sslPassword);
    }
    p.setProperty("listeners", listeners.toString());
    p.setProperty("advertised.listeners", advertised.toString());
    p.setProperty("listener.security.protocol.map", map.toString());
  }

  private static String quoted(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
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

  /** Named ports (broker, controller, ...): the ones of the previous start when they are all still free. */
  static final class Ports {
    private final Properties ports;

    private Ports(Properties ports) {
      this.ports = ports;
    }

    int get(String name) {
      return Integer.parseInt(ports.getProperty(name));
    }

    boolean has(String name) {
      return ports.containsKey(name);
    }

    static Ports reuseOrPick(Path file, List<String> names) throws IOException {
      if (Files.isRegularFile(file)) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
          p.load(in);
        }
        if (p.stringPropertyNames().equals(Set.copyOf(names))
            && names.stream().allMatch(n -> isFree(Integer.parseInt(p.getProperty(n, "0"))))) {
          return new Ports(p);
        }
      }
      Properties p = new Properties();
      Set<Integer> taken = new HashSet<>();
      for (String n : names) {
        int port = freePort();
        while (!taken.add(port)) {
          port = freePort();
        }
        p.setProperty(n, Integer.toString(port));
      }
      try (OutputStream out = Files.newOutputStream(file)) {
        p.store(out, "ports of the local Kafka in this folder");
      }
      return new Ports(p);
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

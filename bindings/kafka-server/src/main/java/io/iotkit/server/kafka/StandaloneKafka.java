package io.iotkit.server.kafka;

import io.iotkit.process.Launcher;
import io.iotkit.process.LaunchLine;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/**
 * A real Kafka node in KRaft mode, in this JVM, with its data under the folder given as the first argument.
 * Alone (the default), it is both broker and controller of a cluster of one, listening on {@code --host}
 * (default 127.0.0.1). With {@code --cluster FILE --node-id I} it is node I of the local cluster that
 * {@link KafkaCluster} described in FILE: its ports, its quorum and its broker defaults come from there
 * ({@link ClusterLayout}). Prints {@code READY bootstrap=<host>:<port> node=<id>} once its broker serves.
 *
 * <p>Started by the kit ({@code LocalKafka}) or by {@link KafkaCluster}, it speaks the launch protocol of
 * {@link Launcher}: it stops cleanly on a STOP line, and when its stdin closes, so it never outlives its parent;
 * with {@code --detached} (bin/tpcx-iot.sh server start) it runs until SIGTERM or Ctrl-C, which also stop it.
 *
 * <p>A folder that already holds data is served again as it is, on the same ports when they are still free, so
 * a restart keeps both the data and (usually) the address.
 *
 * <p>Alone, it can also serve SASL/PLAIN ({@code --sasl-plain-user NAME}, password in
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

  public static void main(String[] args) {
    Launcher.run("local Kafka", args, StandaloneKafka::server);
  }

  private static Launcher.Server server(String[] args) throws IOException {
    Options o = Options.parse(args, System.getenv());
    Files.createDirectories(o.dir);
    ClusterLayout cluster;
    Ports ports = null;
    if (o.cluster == null) {
      ports = Ports.reuseOrPick(o.dir.resolve(PORTS_FILE), o.host, o.portNames());
      cluster = ClusterLayout.single(Uuid.randomUuid().toString(), o.host, ports.get("broker"),
          ports.get("controller"));
    } else {
      cluster = ClusterLayout.read(o.cluster);
    }
    Properties props = cluster.nodeProperties(o.nodeId, o.dir.resolve("logs"));
    Path config = o.dir.resolve("server.properties");
    try (OutputStream out = Files.newOutputStream(config)) {
      props.store(out, "written by StandaloneKafka at each start (without listener secrets)");
    }
    if (!Files.exists(o.dir.resolve("logs/meta.properties"))) {
      format(config, cluster.clusterId());
    }
    if (ports != null) {
      secureListeners(props, o, cluster, ports);
    }
    Ports listeners = ports;
    KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(props, false), Time.SYSTEM);
    AtomicBoolean stopped = new AtomicBoolean();
    return new Launcher.Server() {
      @Override
      public Map<String, String> start() throws IOException, InterruptedException {
        server.startup();
        String bootstrap = cluster.address(cluster.node(o.nodeId).brokerPort());
        awaitServing(bootstrap, o.nodeId);
        Map<String, String> facts = Launcher.facts("bootstrap", bootstrap, "node", o.nodeId);
        for (String extra : List.of("sasl", "ssl")) {
          if (listeners != null && listeners.has(extra)) {
            facts.put(extra, cluster.address(listeners.get(extra)));
          }
        }
        return facts;
      }

      /** A clean shutdown closes the logs with their indexes, so a restart needs no recovery. */
      @Override
      public void stop() {
        if (stopped.compareAndSet(false, true)) {
          server.shutdown();
          server.awaitShutdown();
        }
      }

      @Override
      public String awaitEnd() {
        server.awaitShutdown();
        return stopped.get() ? null : "the Kafka node shut down on its own; see its log";
      }
    };
  }

  /** The command line: the data folder, the node, and what else to serve. Secrets come from the environment only. */
  record Options(Path dir, String host, Path cluster, int nodeId, boolean detached, String saslUser,
                 String saslPassword, Path sslKeystore, String sslPassword) {
    static final String SASL_PASSWORD_ENV = "KAFKA_LOCAL_SASL_PASSWORD";
    static final String SSL_PASSWORD_ENV = "KAFKA_LOCAL_SSL_PASSWORD";
    static final String USAGE = "usage: StandaloneKafka DIR [--host ADDR] [--cluster FILE --node-id I] [--detached]"
        + " [--sasl-plain-user NAME] [--ssl-keystore FILE]";

    static Options parse(String[] args, Map<String, String> env) {
      LaunchLine line = LaunchLine.of(USAGE).valued("--cluster", "--node-id", "--sasl-plain-user", "--ssl-keystore")
          .parse(args);
      Path cluster = line.optionalPath("--cluster");
      int nodeId = line.number("--node-id", 1, 1, 99, "a node id");
      String user = line.value("--sasl-plain-user").orElse(null);
      Path keystore = line.optionalPath("--ssl-keystore");
      if (cluster != null && (user != null || keystore != null)) {
        throw new IllegalArgumentException("--sasl-plain-user and --ssl-keystore serve a single node only");
      }
      if (cluster == null && nodeId != 1) {
        throw new IllegalArgumentException("--node-id needs --cluster");
      }
      String saslPassword = env.get(SASL_PASSWORD_ENV);
      if (user != null && (saslPassword == null || saslPassword.isEmpty())) {
        throw new IllegalArgumentException("--sasl-plain-user needs the password in " + SASL_PASSWORD_ENV);
      }
      String sslPassword = env.get(SSL_PASSWORD_ENV);
      if (keystore != null && (sslPassword == null || sslPassword.isEmpty())) {
        throw new IllegalArgumentException("--ssl-keystore needs the keystore password in " + SSL_PASSWORD_ENV);
      }
      return new Options(line.dir(), line.host(), cluster, nodeId, line.detached(), user, saslPassword, keystore,
          sslPassword);
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

  /**
   * Optional client listeners besides PLAINTEXT, to try the kit's SASL and TLS settings (and their error lines)
   * against a real broker: SASL/PLAIN with one user, and TLS with the given PKCS12 keystore.
   */
  static void secureListeners(Properties p, Options o, ClusterLayout cluster, Ports ports) {
    StringBuilder listeners = new StringBuilder(p.getProperty("listeners"));
    StringBuilder advertised = new StringBuilder(p.getProperty("advertised.listeners"));
    StringBuilder map = new StringBuilder(p.getProperty("listener.security.protocol.map"));
    if (o.saslUser != null) {
      String l = ",SASL_PLAINTEXT://" + cluster.address(ports.get("sasl"));
      listeners.append(l);
      advertised.append(l);
      map.append(",SASL_PLAINTEXT:SASL_PLAINTEXT");
      p.setProperty("sasl.enabled.mechanisms", "PLAIN");
      p.setProperty("listener.name.sasl_plaintext.plain.sasl.jaas.config",
          "org.apache.kafka.common.security.plain.PlainLoginModule required user_" + o.saslUser + "="
              + quoted(o.saslPassword) + ";");
    }
    if (o.sslKeystore != null) {
      String l = ",SSL://" + cluster.address(ports.get("ssl"));
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

  /** Formats a new log folder with the cluster's id (a restart skips this: the folder keeps its id). */
  private static void format(Path config, String clusterId) throws IOException {
    String[] args = {"format", "--cluster-id", clusterId, "--config", config.toString()};
    // execute, not main: main exits the JVM.
    int rc = StorageTool.execute(args, System.err);
    if (rc != 0) {
      throw new IOException("formatting the Kafka log folder failed (" + rc + ")");
    }
  }

  /** The broker is registered and unfenced once a client sees it in the cluster. */
  private static void awaitServing(String bootstrap, int nodeId) throws IOException, InterruptedException {
    Properties p = new Properties();
    p.setProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    long deadline = System.currentTimeMillis() + READY_TIMEOUT_MS;
    try (Admin admin = Admin.create(p)) {
      while (true) {
        try {
          if (admin.describeCluster(new DescribeClusterOptions().timeoutMs(5_000)).nodes()
              .get(6, TimeUnit.SECONDS).stream().map(Node::id).anyMatch(id -> id == nodeId)) {
            return;
          }
        } catch (Exception e) {
          if (System.currentTimeMillis() > deadline) {
            throw new IOException("Kafka did not come up: " + e);
          }
        }
        if (System.currentTimeMillis() > deadline) {
          throw new IOException("Kafka did not come up: broker " + nodeId + " is not registered");
        }
        Thread.sleep(100);
      }
    }
  }
}

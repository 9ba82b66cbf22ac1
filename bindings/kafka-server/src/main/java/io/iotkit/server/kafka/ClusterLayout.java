package io.iotkit.server.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.common.Uuid;

/**
 * The nodes of a local Kafka cluster on one address, and the broker settings that follow from their number.
 *
 * <p>Node {@code i} (1..N) is a broker; the first {@value #MAX_VOTERS} nodes are also the controllers, each a
 * voter of the KRaft quorum (combined mode). Three voters survive the loss of one, and more voters on one
 * machine would only add election traffic, so nodes beyond the third are brokers only.
 *
 * <p>Replication is set the store's own way, as broker defaults, so that a topic created without explicit
 * settings gets them and the cluster reports them: {@code default.replication.factor} min(N, 3), and
 * {@code min.insync.replicas} 2 from three replicas on (1 below), so that acks=all then means two copies while
 * one node may be lost. Kafka's internal topics get the same.
 *
 * @param clusterId the KRaft cluster id every node's log folder is formatted with
 * @param host      the address every node listens on and advertises
 * @param nodes     node {@code i} at index {@code i - 1}
 */
record ClusterLayout(String clusterId, String host, List<Node> nodes) {
  static final int MAX_VOTERS = 3;
  static final int MAX_REPLICAS = 3;

  /**
   * One node's ports.
   *
   * @param controllerPort 0 for a node that is a broker only
   */
  record Node(int id, int brokerPort, int controllerPort) {
  }

  ClusterLayout {
    nodes = List.copyOf(nodes);
  }

  /** A cluster of one node, broker and controller. */
  static ClusterLayout single(String clusterId, String host, int brokerPort, int controllerPort) {
    return new ClusterLayout(clusterId, host, List.of(new Node(1, brokerPort, controllerPort)));
  }

  int size() {
    return nodes.size();
  }

  Node node(int id) {
    if (id < 1 || id > nodes.size()) {
      throw new IllegalArgumentException("node " + id + " is not one of the cluster's 1.." + nodes.size());
    }
    return nodes.get(id - 1);
  }

  static boolean isVoter(int id) {
    return id <= MAX_VOTERS;
  }

  short replicationFactor() {
    return (short) Math.min(size(), MAX_REPLICAS);
  }

  int minInsyncReplicas() {
    return replicationFactor() >= 3 ? 2 : 1;
  }

  /** {@code host:port}, with an IPv6 address in brackets. */
  String address(int port) {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  /** Every broker's client address, comma-separated, as clients take it. */
  String bootstrap() {
    return nodes.stream().map(n -> address(n.brokerPort())).collect(Collectors.joining(","));
  }

  /** The quorum's voters as {@code controller.quorum.voters} takes them: {@code id@host:port,...}. */
  String voters() {
    return nodes.stream().filter(n -> isVoter(n.id())).map(n -> n.id() + "@" + address(n.controllerPort()))
        .collect(Collectors.joining(","));
  }

  /** The configuration of node {@code id}, with its log under {@code logDir}. */
  Properties nodeProperties(int id, Path logDir) {
    Node n = node(id);
    boolean voter = isVoter(id);
    Properties p = new Properties();
    p.setProperty("process.roles", voter ? "broker,controller" : "broker");
    p.setProperty("node.id", Integer.toString(id));
    p.setProperty("controller.quorum.voters", voters());
    String plain = "PLAINTEXT://" + address(n.brokerPort());
    p.setProperty("listeners", voter ? plain + ",CONTROLLER://" + address(n.controllerPort()) : plain);
    p.setProperty("advertised.listeners", plain);
    p.setProperty("controller.listener.names", "CONTROLLER");
    p.setProperty("inter.broker.listener.name", "PLAINTEXT");
    p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.setProperty("log.dirs", logDir.toString());
    String replicas = Short.toString(replicationFactor());
    String minInsync = Integer.toString(minInsyncReplicas());
    p.setProperty("num.partitions", "1");
    p.setProperty("default.replication.factor", replicas);
    p.setProperty("min.insync.replicas", minInsync);
    p.setProperty("offsets.topic.replication.factor", replicas);
    p.setProperty("offsets.topic.num.partitions", "1");
    p.setProperty("transaction.state.log.replication.factor", replicas);
    p.setProperty("transaction.state.log.min.isr", minInsync);
    p.setProperty("group.initial.rebalance.delay.ms", "0");
    // The kit creates its topics itself; a mistyped name must fail, not appear.
    p.setProperty("auto.create.topics.enable", "false");
    // Two cores are shared with the driver instances: fewer server threads than Kafka's defaults.
    p.setProperty("num.network.threads", "2");
    p.setProperty("num.io.threads", "4");
    p.setProperty("num.recovery.threads.per.data.dir", "2");
    return p;
  }

  // The cluster file: written by the cluster's launcher, read by every node.

  void write(Path file) throws IOException {
    Properties p = new Properties();
    p.setProperty("cluster.id", clusterId);
    p.setProperty("host", host);
    p.setProperty("nodes", Integer.toString(size()));
    for (Node n : nodes) {
      p.setProperty("node." + n.id() + ".broker", Integer.toString(n.brokerPort()));
      if (n.controllerPort() > 0) {
        p.setProperty("node." + n.id() + ".controller", Integer.toString(n.controllerPort()));
      }
    }
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, "local Kafka cluster: written by its launcher at each start, read by its nodes");
    }
  }

  static ClusterLayout read(Path file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    try {
      int size = Integer.parseInt(p.getProperty("nodes"));
      List<Node> nodes = new ArrayList<>();
      for (int i = 1; i <= size; i++) {
        nodes.add(new Node(i, Integer.parseInt(p.getProperty("node." + i + ".broker")),
            Integer.parseInt(p.getProperty("node." + i + ".controller", "0"))));
      }
      return new ClusterLayout(p.getProperty("cluster.id"), p.getProperty("host"), nodes);
    } catch (NumberFormatException e) {
      throw new IOException(file + " is not a cluster file of the kit's local Kafka: " + e.getMessage());
    }
  }

  /**
   * The layout of {@code nodes} nodes on {@code host} in {@code file}'s folder: the cluster of the previous start
   * (its id, since the nodes' logs are formatted with it, and its ports when they are all still free), or a new one.
   *
   * @throws IllegalArgumentException if the folder holds a cluster of another size
   */
  static ClusterLayout reuseOrPick(Path file, String host, int nodes) throws IOException {
    ClusterLayout old = Files.isRegularFile(file) ? read(file) : null;
    if (old != null && old.size() != nodes) {
      throw new IllegalArgumentException(file.getParent() + " holds a local Kafka cluster of " + old.size()
          + " nodes; start it with --sut-nodes " + old.size() + ", or use another folder");
    }
    if (old != null && old.host().equals(host) && Ports.allFree(host, old.ports())) {
      return old;
    }
    String id = old != null ? old.clusterId() : Uuid.randomUuid().toString();
    Set<Integer> taken = new HashSet<>();
    List<Node> picked = new ArrayList<>();
    for (int i = 1; i <= nodes; i++) {
      picked.add(new Node(i, Ports.pick(host, taken), isVoter(i) ? Ports.pick(host, taken) : 0));
    }
    return new ClusterLayout(id, host, picked);
  }

  private List<Integer> ports() {
    List<Integer> ports = new ArrayList<>();
    for (Node n : nodes) {
      ports.add(n.brokerPort());
      if (n.controllerPort() > 0) {
        ports.add(n.controllerPort());
      }
    }
    return ports;
  }
}

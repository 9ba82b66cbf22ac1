package io.iotkit.server.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterLayoutTest {
  private static ClusterLayout of(int n) {
    List<ClusterLayout.Node> nodes = new java.util.ArrayList<>();
    for (int i = 1; i <= n; i++) {
      nodes.add(new ClusterLayout.Node(i, 9000 + i, ClusterLayout.isVoter(i) ? 9100 + i : 0));
    }
    return new ClusterLayout("cid", "10.1.2.3", nodes);
  }

  @Test
  void replicationFollowsTheNodeCountUpToThree() {
    assertEquals(1, of(1).replicationFactor());
    assertEquals(1, of(1).minInsyncReplicas());
    assertEquals(2, of(2).replicationFactor());
    assertEquals(1, of(2).minInsyncReplicas(), "two copies, and a write still goes on with one node lost");
    assertEquals(3, of(3).replicationFactor());
    assertEquals(2, of(3).minInsyncReplicas(), "acks=all then means two copies, with one node lost or not");
    assertEquals(3, of(5).replicationFactor());
    assertEquals(2, of(5).minInsyncReplicas());
  }

  @Test
  void everyNodeIsABrokerAndTheFirstThreeAreVoters() {
    ClusterLayout five = of(5);
    assertEquals("1@10.1.2.3:9101,2@10.1.2.3:9102,3@10.1.2.3:9103", five.voters());
    assertEquals("10.1.2.3:9001,10.1.2.3:9002,10.1.2.3:9003,10.1.2.3:9004,10.1.2.3:9005", five.bootstrap());
    Properties two = five.nodeProperties(2, Path.of("/d"));
    assertEquals("broker,controller", two.getProperty("process.roles"));
    assertEquals("2", two.getProperty("node.id"));
    assertEquals("PLAINTEXT://10.1.2.3:9002,CONTROLLER://10.1.2.3:9102", two.getProperty("listeners"));
    assertEquals("PLAINTEXT://10.1.2.3:9002", two.getProperty("advertised.listeners"));
    assertEquals("3", two.getProperty("default.replication.factor"));
    assertEquals("2", two.getProperty("min.insync.replicas"));
    assertEquals("3", two.getProperty("offsets.topic.replication.factor"));
    Properties four = five.nodeProperties(4, Path.of("/d"));
    assertEquals("broker", four.getProperty("process.roles"));
    assertEquals("PLAINTEXT://10.1.2.3:9004", four.getProperty("listeners"));
    assertEquals(five.voters(), four.getProperty("controller.quorum.voters"));
    assertThrows(IllegalArgumentException.class, () -> five.nodeProperties(6, Path.of("/d")));
  }

  @Test
  void anIpv6AddressIsBracketed() {
    ClusterLayout one = ClusterLayout.single("cid", "::1", 9092, 9093);
    assertEquals("[::1]:9092", one.bootstrap());
    assertEquals("1@[::1]:9093", one.voters());
  }

  @Test
  void aRestartKeepsTheClusterIdAndFreePorts(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(KafkaCluster.CLUSTER_FILE);
    ClusterLayout first = ClusterLayout.reuseOrPick(file, "127.0.0.1", 3);
    Set<Integer> ports = new HashSet<>();
    first.nodes().forEach(n -> {
      ports.add(n.brokerPort());
      ports.add(n.controllerPort());
    });
    assertEquals(6, ports.size(), "every port its own");
    first.write(file);
    assertEquals(first, ClusterLayout.read(file));
    assertEquals(first, ClusterLayout.reuseOrPick(file, "127.0.0.1", 3), "same ports while they are free");
    try (java.net.ServerSocket taken = new java.net.ServerSocket(first.node(2).brokerPort(), 1,
        java.net.InetAddress.getByName("127.0.0.1"))) {
      ClusterLayout moved = ClusterLayout.reuseOrPick(file, "127.0.0.1", 3);
      assertEquals(first.clusterId(), moved.clusterId(), "the logs are formatted with the id: it stays");
      assertNotEquals(first.node(2).brokerPort(), moved.node(2).brokerPort());
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ClusterLayout.reuseOrPick(file, "127.0.0.1", 2));
    assertTrue(e.getMessage().contains("cluster of 3 nodes; start it with --sut-nodes 3"), e.getMessage());
    assertFalse(ClusterLayout.reuseOrPick(dir.resolve("other.properties"), "127.0.0.1", 1).clusterId()
        .equals(first.clusterId()), "a new folder is a new cluster");
  }
}

package io.iotkit.server.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StandaloneKafkaTest {

  @Test
  void optionsTakeSecretsFromTheEnvironmentOnly() {
    StandaloneKafka.Options o = StandaloneKafka.Options.parse(new String[] {"d", "--detached",
        "--sasl-plain-user", "kit"}, Map.of(StandaloneKafka.Options.SASL_PASSWORD_ENV, "pw"));
    assertTrue(o.detached());
    assertEquals("kit", o.saslUser());
    assertEquals("pw", o.saslPassword());
    assertEquals(List.of("broker", "controller", "sasl"), o.portNames());
    assertThrows(IllegalArgumentException.class, () -> StandaloneKafka.Options.parse(
        new String[] {"d", "--sasl-plain-user", "kit"}, Map.of()));
    assertThrows(IllegalArgumentException.class, () -> StandaloneKafka.Options.parse(
        new String[] {"d", "--ssl-keystore"}, Map.of()));
    assertThrows(IllegalArgumentException.class, () -> StandaloneKafka.Options.parse(new String[] {}, Map.of()));
    assertThrows(IllegalArgumentException.class, () -> StandaloneKafka.Options.parse(
        new String[] {"d", "--bogus"}, Map.of()));
  }

  @Test
  void aClusterNodeTakesItsPlaceFromTheClusterFile() {
    StandaloneKafka.Options o = StandaloneKafka.Options.parse(new String[] {"d", "--cluster", "c.properties",
        "--node-id", "2"}, Map.of());
    assertEquals(2, o.nodeId());
    assertTrue(o.cluster().endsWith("c.properties"));
    assertEquals("127.0.0.1", o.host(), "loopback unless told");
    assertEquals("10.0.0.5", StandaloneKafka.Options.parse(new String[] {"d", "--host", "10.0.0.5"}, Map.of()).host());
    assertThrows(IllegalArgumentException.class, () -> StandaloneKafka.Options.parse(
        new String[] {"d", "--node-id", "2"}, Map.of()), "a node id means a cluster");
    assertThrows(IllegalArgumentException.class, () -> StandaloneKafka.Options.parse(
        new String[] {"d", "--cluster", "c", "--node-id", "0"}, Map.of()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StandaloneKafka.Options.parse(
        new String[] {"d", "--cluster", "c", "--sasl-plain-user", "kit"}, Map.of(
            StandaloneKafka.Options.SASL_PASSWORD_ENV, "pw")));
    assertTrue(e.getMessage().contains("single node"), e.getMessage());
  }

  @Test
  void portsAreKeptAcrossRestarts(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("ports.properties");
    Ports first = Ports.reuseOrPick(file, "127.0.0.1", List.of("broker", "controller"));
    assertNotEquals(first.get("broker"), first.get("controller"));
    Ports again = Ports.reuseOrPick(file, "127.0.0.1", List.of("broker", "controller"));
    assertEquals(first.get("broker"), again.get("broker"));
    assertEquals(first.get("controller"), again.get("controller"));
    Ports more = Ports.reuseOrPick(file, "127.0.0.1", List.of("broker", "controller", "ssl"));
    assertTrue(more.has("ssl"));
    assertTrue(Files.readString(file).contains("ssl="));
    try (java.net.ServerSocket taken = new java.net.ServerSocket(more.get("ssl"), 1,
        java.net.InetAddress.getByName("127.0.0.1"))) {
      Ports moved = Ports.reuseOrPick(file, "127.0.0.1", List.of("broker", "controller", "ssl"));
      assertNotEquals(more.get("ssl"), moved.get("ssl"), "a port taken meanwhile is replaced");
    }
  }

  @Test
  void secureListenersAreAddedBesideThePlainOne(@TempDir Path dir) throws Exception {
    StandaloneKafka.Options o = StandaloneKafka.Options.parse(new String[] {dir.toString(), "--sasl-plain-user",
        "kit", "--ssl-keystore", "ks.p12"}, Map.of(StandaloneKafka.Options.SASL_PASSWORD_ENV, "p\"w",
        StandaloneKafka.Options.SSL_PASSWORD_ENV, "kspw"));
    Ports ports = Ports.reuseOrPick(dir.resolve("ports"), o.host(), o.portNames());
    ClusterLayout one = ClusterLayout.single("id", o.host(), ports.get("broker"), ports.get("controller"));
    Properties p = one.nodeProperties(1, dir);
    assertFalse(p.toString().contains("kspw"), "the properties written to disk carry no secret");
    StandaloneKafka.secureListeners(p, o, one, ports);
    assertTrue(p.getProperty("listeners").contains("SASL_PLAINTEXT://127.0.0.1:" + ports.get("sasl")));
    assertTrue(p.getProperty("advertised.listeners").contains("SSL://127.0.0.1:" + ports.get("ssl")));
    assertEquals("org.apache.kafka.common.security.plain.PlainLoginModule required user_kit=\"p\\\"w\";",
        p.getProperty("listener.name.sasl_plaintext.plain.sasl.jaas.config"));
  }
}

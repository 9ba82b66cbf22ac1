package io.iotkit.server.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {

  @Test
  void parsesEverything() {
    LaunchOptions o = LaunchOptions.parse("/tmp/db", "--account", "a.properties", "--port", "3307", "--detached",
        "--tls-cert", "/etc/c.pem", "--tls-key", "/etc/k.pem");
    assertEquals(Path.of("/etc/c.pem"), o.tlsCert());
    assertEquals(Path.of("/etc/k.pem"), o.tlsKey());
    assertEquals(Path.of("/tmp/db"), o.dir());
    assertEquals(Path.of("a.properties").toAbsolutePath(), o.account());
    assertEquals(3307, o.port());
    assertTrue(o.detached());
  }

  @Test
  void defaults() {
    LaunchOptions o = LaunchOptions.parse("/tmp/db");
    assertEquals(0, o.port());
    assertEquals(null, o.account());
    assertEquals(1, o.nodes());
    assertEquals("127.0.0.1", o.host());
  }

  @Test
  void nodesAndAddress() {
    LaunchOptions o = LaunchOptions.parse("/tmp/db", "--nodes", "3", "--host", "10.0.0.5");
    assertEquals(3, o.nodes());
    assertEquals("10.0.0.5", o.host());
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> LaunchOptions.parse("/tmp/db", "--nodes", "0"));
    assertEquals("--nodes '0' is not a node count (1-9)", none.getMessage());
    assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("/tmp/db", "--host", " "));
  }

  @Test
  void badInput() {
    assertThrows(IllegalArgumentException.class, LaunchOptions::parse);
    assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("/tmp/db", "--port", "x"));
    assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("/tmp/db", "--port"));
    assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("/tmp/db", "/tmp/other"));
    assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("/tmp/db", "--tls-cert", "c.pem"));
  }
}

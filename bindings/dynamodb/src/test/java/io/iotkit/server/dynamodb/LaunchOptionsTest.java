package io.iotkit.server.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {

  @Test
  void parsesTheKitsCommandLine() {
    LaunchOptions o = LaunchOptions.parse("/tmp/run/dynalite", "--install", "/kit/servers/dynalite", "--host",
        "10.0.0.5", "--port", "4567", "--detached");
    assertEquals(Path.of("/tmp/run/dynalite"), o.dir());
    assertEquals(Path.of("/kit/servers/dynalite"), o.install());
    assertEquals("10.0.0.5", o.host());
    assertEquals(4567, o.port());
    assertTrue(o.detached());
    assertEquals(0, LaunchOptions.parse("d", "--install", "i").port());
  }

  @Test
  void badArgumentsAreOneLine() {
    assertEquals("--install is required; " + LaunchOptions.USAGE, assertThrows(IllegalArgumentException.class,
        () -> LaunchOptions.parse("d")).getMessage());
    assertEquals("--port 'x' is not a port number (1-65535)", assertThrows(IllegalArgumentException.class,
        () -> LaunchOptions.parse("d", "--install", "i", "--port", "x")).getMessage());
  }

  @Test
  void nodeMajorVersion() {
    assertEquals(20, DynaliteInstall.major("v20.19.2"));
    assertEquals(18, DynaliteInstall.major("v18.0.0"));
    assertEquals(-1, DynaliteInstall.major("node: not found"));
  }
}

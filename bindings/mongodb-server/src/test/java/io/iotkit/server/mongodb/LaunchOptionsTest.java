package io.iotkit.server.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {
  @Test
  void readsTheFolderAddressAndPort() {
    LaunchOptions o = LaunchOptions.parse("/tmp/m", "--host", "10.0.0.2", "--port", "27018", "--detached");
    assertEquals(Path.of("/tmp/m"), o.dir());
    assertEquals("10.0.0.2", o.host());
    assertEquals(27018, o.port());
    assertTrue(o.detached());
    assertEquals(0, LaunchOptions.parse("/tmp/m").port(), "a free port by default");
  }

  @Test
  void badArgumentsAreOneLine() {
    assertEquals("--port 'x' is not a port number (1-65535)",
        assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("/tmp/m", "--port", "x")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("--host", "h"));
  }

  @Test
  void theEmulatorsVersionComesFromItsJar() {
    assertEquals("1.47.0", StandaloneMongoDb.versionOf("mongo-java-server-core-1.47.0.jar"));
    assertEquals("unknown", StandaloneMongoDb.versionOf("classes"));
  }
}

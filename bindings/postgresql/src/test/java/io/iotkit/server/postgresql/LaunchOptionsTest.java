package io.iotkit.server.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LaunchOptionsTest {
  @Test
  void everyOption() {
    LaunchOptions o = LaunchOptions.parse("/tmp/pg", "--bin", "/usr/lib/postgresql/15/bin", "--account", "/tmp/a",
        "--nodes", "3", "--host", "10.0.0.5", "--port", "6543", "--detached");
    assertEquals(Path.of("/tmp/pg"), o.dir());
    assertEquals(3, o.nodes());
    assertEquals("10.0.0.5", o.host());
    assertEquals(6543, o.port());
    assertTrue(o.detached());
  }

  @Test
  void badOptionsAreOneLine() {
    assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("/tmp/pg", "--bin", "/b"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("/tmp/pg", "--bin", "/b",
        "--account", "/a", "--nodes", "0")).getMessage().startsWith("--nodes '0'"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse("/tmp/pg", "--bin", "/b",
        "--account", "/a", "--port")).getMessage().startsWith("--port needs a value"));
  }
}

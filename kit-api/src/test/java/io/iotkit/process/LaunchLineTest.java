package io.iotkit.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every launcher's command line: the shared options, a launcher's own, and one line for each kind of bad input. */
class LaunchLineTest {
  private static final String USAGE = "usage: StandaloneX DIR [--host ADDR] [--port N] [--nodes N] [--quick] [--detached]";
  private static final LaunchLine.Grammar X = LaunchLine.of(USAGE).valued("--port", "--nodes", "--bin").flags("--quick");

  @Test
  void readsTheSharedAndTheLaunchersOwnOptionsInAnyOrder() {
    LaunchLine l = X.parse("--port", "9000", "/tmp/x", "--host", " 10.0.0.2 ", "--quick", "--detached",
        "--bin", "rel");
    assertEquals(Path.of("/tmp/x"), l.dir());
    assertEquals("10.0.0.2", l.host());
    assertEquals(9000, l.port());
    assertTrue(l.detached());
    assertTrue(l.flag("--quick"));
    assertEquals(Path.of("rel").toAbsolutePath(), l.path("--bin"));
    assertEquals(3, l.number("--nodes", 3, 1, 9, "a node count"), "the default when not given");

    LaunchLine bare = X.parse("/tmp/x");
    assertEquals(LaunchLine.DEFAULT_HOST, bare.host());
    assertEquals(0, bare.port(), "a free port");
    assertFalse(bare.detached());
    assertNull(bare.optionalPath("--bin"));
  }

  @Test
  void badInputIsOneLineWithTheUsage() {
    assertEquals("no folder given; " + USAGE, message("--detached"));
    assertEquals("unexpected argument '/tmp/y'; " + USAGE, message("/tmp/x", "/tmp/y"));
    assertEquals("unexpected argument '--datanodes'; " + USAGE, message("/tmp/x", "--datanodes", "3"));
    assertEquals("--port needs a value; " + USAGE, message("/tmp/x", "--port"));
    assertEquals("--host needs an address; " + USAGE, message("/tmp/x", "--host", " "));
    assertEquals("--port 'x' is not a port number (1-65535)", assertThrows(IllegalArgumentException.class,
        () -> X.parse("/tmp/x", "--port", "x").port()).getMessage());
    assertEquals("--nodes '12' is not a node count (1-9)", assertThrows(IllegalArgumentException.class,
        () -> X.parse("/tmp/x", "--nodes", "12").number("--nodes", 1, 1, 9, "a node count")).getMessage());
    assertEquals("--bin is required; " + USAGE, assertThrows(IllegalArgumentException.class,
        () -> X.parse("/tmp/x").path("--bin")).getMessage());
  }

  private static String message(String... args) {
    return assertThrows(IllegalArgumentException.class, () -> X.parse(args)).getMessage();
  }
}

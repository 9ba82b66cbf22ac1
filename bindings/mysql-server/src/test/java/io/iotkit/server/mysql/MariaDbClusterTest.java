package io.iotkit.server.mysql;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MariaDbClusterTest {

  @Test
  void nodesHaveFoldersOfTheirOwnUnderThePrimarys(@TempDir Path dir) {
    MariaDbCluster c = new MariaDbCluster(Path.of("/base"), dir, 3, "127.0.0.1");
    assertEquals(3, c.nodes().size());
    assertEquals("primary", c.primary().role().toString());
    assertEquals(dir.resolve("replica-3").resolve("mariadbd.log"), c.nodes().get(2).log());
  }

  @Test
  void aFolderKeepsTheShapeItWasMadeWith(@TempDir Path dir) throws Exception {
    assertDoesNotThrow(new MariaDbCluster(Path.of("/base"), dir, 3, "127.0.0.1")::checkShape);
    assertDoesNotThrow(new MariaDbCluster(Path.of("/base"), dir, 3, "127.0.0.1")::checkShape, "the same again");
    IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
        new MariaDbCluster(Path.of("/base"), dir, 1, "127.0.0.1")::checkShape);
    assertEquals(dir + " holds a local MariaDB of 3 node(s) on 127.0.0.1, not 1 on 127.0.0.1; start it as it was"
        + " made, or use another folder", other.getMessage());
  }

  @Test
  void aFolderMadeBeforeClustersIsOneServerOnLoopback(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("initialised"), "account iot on database iot\n");
    assertDoesNotThrow(new MariaDbCluster(Path.of("/base"), dir, 1, "127.0.0.1")::checkShape);
    assertThrows(IllegalArgumentException.class, new MariaDbCluster(Path.of("/base"), dir, 3, "127.0.0.1")::checkShape);
  }
}

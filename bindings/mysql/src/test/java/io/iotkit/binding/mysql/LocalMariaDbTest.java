package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.process.LocalSetup;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LocalMariaDbTest {

  @Test
  void nativeHashMatchesTheServers() {
    // SELECT PASSWORD('password') on MariaDB and MySQL 5.7
    assertEquals("*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19", LocalMariaDb.nativePasswordHash("password"));
  }

  @Test
  void aLocalServerOnlyWhenNoHostIsConfigured() {
    MySqlProvider provider = new MySqlProvider();
    assertTrue(provider.localServer(new Properties(), LocalSetup.single(Path.of("."))).isPresent());
    Properties p = new Properties();
    p.setProperty("mysql.host", "db1");
    assertTrue(provider.localServer(p, LocalSetup.single(Path.of("."))).isEmpty());
  }

  @Test
  void theLauncherGetsTheNodesAndTheAddressOfTheSetup() {
    LocalMariaDb three = new LocalMariaDb(new LocalSetup(Path.of("."), 3, "10.0.0.5"), new Properties());
    List<String> args = three.arguments(Path.of("/run/sut"));
    assertEquals(List.of("/run/sut/mariadb", "--account", "/run/sut/account.properties", "--nodes", "3", "--host",
        "10.0.0.5"), args);
    assertTrue(three.description().contains("a primary and 2 semi-synchronous replicas, 3 mariadbd on 10.0.0.5"),
        three.description());
    assertTrue(new LocalMariaDb(LocalSetup.single(Path.of(".")), new Properties()).description()
        .contains("(one mariadbd on 127.0.0.1"));
    assertEquals(List.of(), three.nodes(), "no node serves before the start");
  }
}

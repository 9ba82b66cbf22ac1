package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.process.LocalSetup;
import java.nio.file.Path;
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
}

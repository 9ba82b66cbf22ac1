package io.iotkit.server.influxdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class InfluxdConfigTest {

  @Test
  void everyFolderInTheServersOwnAndBothAddressesMoved() {
    String c = InfluxdConfig.text(Path.of("/run/sut/influxdb"), "10.0.0.5", 18086, 18088, false);
    assertTrue(c.contains("bind-address = \"127.0.0.1:18088\"\n"), c);
    assertTrue(c.contains("  bind-address = \"10.0.0.5:18086\"\n"), c);
    assertTrue(c.contains("  dir = \"/run/sut/influxdb/meta\"\n"), c);
    assertTrue(c.contains("  dir = \"/run/sut/influxdb/data\"\n"), c);
    assertTrue(c.contains("  wal-dir = \"/run/sut/influxdb/wal\"\n"), c);
    assertTrue(c.contains("  wal-fsync-delay = \"0s\"\n"), c);
    assertTrue(c.contains("reporting-disabled = true\n"), c);
    assertTrue(c.contains("  auth-enabled = false\n"), c);
    assertTrue(InfluxdConfig.text(Path.of("/d"), "::1", 1, 2, true).contains("  bind-address = \"[::1]:1\"\n"));
    assertTrue(InfluxdConfig.text(Path.of("/d"), "::1", 1, 2, true).contains("  auth-enabled = true\n"));
  }

  @Test
  void tomlStringsAreQuoted() {
    assertEquals("\"a \\\"b\\\" \\\\c\"", InfluxdConfig.quoted("a \"b\" \\c"));
  }

  @Test
  void theAdminStatementQuotesItsPassword() {
    AdminAccount a = new AdminAccount("kit", "p w'x\\y");
    assertEquals("CREATE USER \"kit\" WITH PASSWORD 'p w\\'x\\\\y' WITH ALL PRIVILEGES", a.createStatement());
    assertFalse(a.toString().contains("p w"));
  }

  @Test
  void launchOptions() {
    LaunchOptions o = LaunchOptions.parse("/tmp/x", "--influxd", "/usr/bin/influxd", "--host", "10.0.0.5", "--port",
        "8086", "--detached");
    assertEquals(Path.of("/tmp/x"), o.dir());
    assertEquals(8086, o.port());
    assertTrue(o.detached());
    assertEquals("--influxd is required; " + LaunchOptions.USAGE, assertThrows(IllegalArgumentException.class,
        () -> LaunchOptions.parse("/tmp/x")).getMessage());
    assertEquals("--port 'x' is not a port number (1-65535)", assertThrows(IllegalArgumentException.class,
        () -> LaunchOptions.parse("/tmp/x", "--influxd", "i", "--port", "x")).getMessage());
  }
}

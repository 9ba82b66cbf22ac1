package io.iotkit.binding.influxdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InfluxdLocationTest {

  @Test
  void theFirstInfluxdOnThePath(@TempDir Path dir) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path influxd = Files.createFile(bin.resolve("influxd"),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    assertEquals(influxd, InfluxdLocation.find(new Properties(), dir.resolve("empty") + ":" + bin));
  }

  @Test
  void noneAnywhereSaysWhatToInstall(@TempDir Path dir) {
    Assumptions.assumeFalse(Files.isExecutable(Path.of("/usr/bin/influxd")), "Debian's influxd is installed here");
    String line = assertThrows(IllegalArgumentException.class,
        () -> InfluxdLocation.find(new Properties(), dir.toString())).getMessage();
    assertTrue(line.contains("install Debian's influxdb package: apt-get install influxdb"), line);
  }

  @Test
  void aGivenInfluxdMustBeAnExecutable(@TempDir Path dir) {
    Properties p = new Properties();
    p.setProperty("influxdb.local.influxd", dir.resolve("nothere").toString());
    assertEquals("influxdb.local.influxd '" + dir.resolve("nothere") + "' is not an executable file",
        assertThrows(BadPropertyException.class, () -> InfluxdLocation.find(p, "")).getMessage());
  }
}

package io.iotkit.binding.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PgServerLocationTest {
  @Test
  void theNewestCompleteMajorVersion(@TempDir Path root) throws IOException {
    install(root, "13");
    install(root, "15");
    Files.createDirectories(root.resolve("16/bin")); // an empty leftover of a removed package
    assertEquals(root.resolve("15/bin"), PgServerLocation.find(root).orElseThrow());
  }

  @Test
  void noneInstalled(@TempDir Path root) {
    assertTrue(PgServerLocation.find(root.resolve("missing")).isEmpty());
    assertTrue(PgServerLocation.find(root).isEmpty());
  }

  @Test
  void aFolderGivenMustHoldTheServer(@TempDir Path root) throws IOException {
    install(root, "14");
    java.util.Properties p = new java.util.Properties();
    p.setProperty(PgSettings.LOCAL_BIN, root.resolve("14/bin").toString());
    assertEquals(root.resolve("14/bin"), PgServerLocation.find(p));
    p.setProperty(PgSettings.LOCAL_BIN, "/no/such/bin");
    assertEquals("postgresql.local.bin '/no/such/bin' is not a folder with postgres, initdb, pg_basebackup,"
        + " pg_isready", org.junit.jupiter.api.Assertions.assertThrows(
            io.iotkit.binding.settings.BadPropertyException.class, () -> PgServerLocation.find(p)).getMessage());
  }

  private static void install(Path root, String version) throws IOException {
    Path bin = Files.createDirectories(root.resolve(version).resolve("bin"));
    for (String p : new String[] {"postgres", "initdb", "pg_basebackup", "pg_isready"}) {
      Files.createFile(bin.resolve(p), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
          "rwxr-xr-x")));
    }
  }
}

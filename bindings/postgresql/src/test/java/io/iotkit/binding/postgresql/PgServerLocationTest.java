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

  private static void install(Path root, String version) throws IOException {
    Path bin = Files.createDirectories(root.resolve(version).resolve("bin"));
    for (String p : new String[] {"postgres", "initdb", "pg_basebackup", "pg_isready"}) {
      Files.createFile(bin.resolve(p), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
          "rwxr-xr-x")));
    }
  }
}

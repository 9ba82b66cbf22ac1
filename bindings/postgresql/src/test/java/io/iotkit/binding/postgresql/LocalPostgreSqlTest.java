package io.iotkit.binding.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.iotkit.process.LocalSetup;
import java.io.Closeable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Needs Debian's postgresql package (the class finds the server before anything starts); nothing is started. */
class LocalPostgreSqlTest {

  @Test
  void aLocalServerOnlyWhenNoHostIsConfigured() {
    assumeTrue(PgServerLocation.find(PgServerLocation.DEBIAN).isPresent(), "PostgreSQL is not installed");
    PostgreSqlProvider provider = new PostgreSqlProvider();
    assertTrue(provider.localServer(new Properties(), LocalSetup.single(Path.of("."))).isPresent());
    Properties p = new Properties();
    p.setProperty(PgSettings.HOST, "db1");
    assertTrue(provider.localServer(p, LocalSetup.single(Path.of("."))).isEmpty());
  }

  @Test
  void theLauncherGetsTheNodesTheAddressAndAVerifierNotThePassword(@TempDir Path dir) throws Exception {
    assumeTrue(PgServerLocation.find(PgServerLocation.DEBIAN).isPresent(), "PostgreSQL is not installed");
    Properties given = new Properties();
    given.setProperty(PgSettings.USER, "kit_it");
    given.setProperty(PgSettings.PASSWORD, "s3cret-Canary");
    LocalPostgreSql three = new LocalPostgreSql(new LocalSetup(Path.of("."), 3, "10.0.0.5"), given);
    List<String> args = three.arguments(dir);
    assertEquals(dir.resolve("postgresql").toString(), args.get(0));
    assertEquals(List.of("--account", dir.resolve("account.properties").toString(), "--nodes", "3", "--host",
        "10.0.0.5"), args.subList(3, args.size()));
    assertTrue(three.description().contains("a primary and 2 synchronous streaming standbys, 3 postgres on 10.0.0.5"),
        three.description());
    assertEquals(List.of(), three.nodes(), "no node serves before the start");

    try (Closeable deleteLater = three.prepare(dir)) {
      Path file = dir.resolve("account.properties");
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
      String text = Files.readString(file);
      assertFalse(text.contains("s3cret"), "only the verifier goes to the launcher");
      assertTrue(text.contains("verifier=SCRAM-SHA-256$4096\\:"), text);
      assertTrue(text.contains("user=kit_it"), text);
    }
    assertFalse(Files.exists(dir.resolve("account.properties")), "deleted once the server is up");
  }
}

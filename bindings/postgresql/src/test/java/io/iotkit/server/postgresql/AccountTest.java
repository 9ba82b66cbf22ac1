package io.iotkit.server.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccountTest {
  private static final String VERIFIER = "SCRAM-SHA-256$4096:c2l4dGVlbiBieXRlIHNsdA==$YWJj:ZGVm";

  @Test
  void statementsOneALineWithTheVerifierAndQuotedNames(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("account.properties");
    Files.writeString(file, "user=kit\"it\ndatabase=iot\nverifier=" + VERIFIER.replace("$", "\\$") + "\n");
    Account a = Account.read(file);
    String sql = a.statements("iotkit_replication", "abc123");
    assertEquals(4, sql.lines().count(), sql);
    assertTrue(sql.startsWith("CREATE ROLE \"kit\"\"it\" LOGIN PASSWORD '" + VERIFIER + "';\n"), sql);
    assertTrue(sql.contains("GRANT pg_monitor TO \"kit\"\"it\";"), sql);
    assertTrue(sql.contains("CREATE DATABASE iot OWNER \"kit\"\"it\";"), sql);
    assertTrue(a.hba("iotkit_replication").contains("host iot \"kit\"\"it\" all scram-sha-256\n"));
  }

  @Test
  void withoutAPasswordTheLoginIsTrustedAndThereIsNoReplicationRoleForOneNode() {
    Account a = new Account("iot", "iot", null);
    assertEquals(3, a.statements(null, null).lines().count());
    assertTrue(a.hba("r").contains("host iot \"iot\" all trust\n"));
  }

  @Test
  void aFileTheKitDidNotWriteIsRefused(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("account.properties");
    Files.writeString(file, "user=iot\ndatabase=iot\nverifier=plain-password\n");
    assertThrows(IllegalArgumentException.class, () -> Account.read(file));
  }
}

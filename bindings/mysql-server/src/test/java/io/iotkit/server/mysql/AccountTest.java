package io.iotkit.server.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class AccountTest {

  /** SELECT PASSWORD('password') on MariaDB and MySQL 5.7 (the kit side computes it: LocalMariaDbTest). */
  private static final String HASH_OF_PASSWORD = "*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19";

  @Test
  void literalsEscapeQuotesAndBackslashes() {
    assertEquals("'it''s a \\\\ test'", Account.literal("it's a \\ test"));
  }

  @Test
  void bootstrapCreatesDatabaseAndAccountWithTheHashOnly() {
    Properties p = new Properties();
    p.setProperty(Account.USER, "kit");
    p.setProperty(Account.DATABASE, "bench");
    p.setProperty(Account.PASSWORD_HASH, HASH_OF_PASSWORD);
    String sql = Account.of(p).bootstrapSql("127.0.0.1");
    assertTrue(sql.contains("CREATE DATABASE IF NOT EXISTS `bench`;"), sql);
    assertTrue(sql.contains("ALTER USER 'kit'@'127.0.0.1' IDENTIFIED BY PASSWORD"
        + " '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19';"), sql);
    assertTrue(sql.contains("GRANT ALL PRIVILEGES ON `bench`.* TO 'kit'@'127.0.0.1';"), sql);
    assertTrue(sql.contains("GRANT REPLICATION MASTER ADMIN ON *.* TO 'kit'@'127.0.0.1';"),
        "the binding's replication check may list the replicas: " + sql);
    assertFalse(sql.contains("'password'"), "the password itself never reaches the server's input");
  }

  @Test
  void noPasswordMeansAnEmptyOne() {
    assertTrue(Account.defaults().bootstrapSql("127.0.0.1").contains("ALTER USER 'iot'@'127.0.0.1' IDENTIFIED BY '';"));
  }

  @Test
  void aServerOtherHostsReachLetsTheAccountInFromAnyHost() {
    assertTrue(Account.defaults().bootstrapSql("%").contains("CREATE USER IF NOT EXISTS 'iot'@'%';"));
  }

  @Test
  void aGivenHashIsUsedAsItIs() {
    Properties p = new Properties();
    p.setProperty(Account.PASSWORD_HASH, HASH_OF_PASSWORD);
    assertTrue(Account.of(p).bootstrapSql("127.0.0.1").contains(HASH_OF_PASSWORD));
    p.setProperty(Account.PASSWORD_HASH, "plain");
    assertThrows(IllegalArgumentException.class, () -> Account.of(p));
  }

  @Test
  void databaseNamesAreIdentifiers() {
    Properties p = new Properties();
    p.setProperty(Account.DATABASE, "iot`; DROP");
    assertThrows(IllegalArgumentException.class, () -> Account.of(p));
  }

  @Test
  void toStringShowsNoSecret() {
    Properties p = new Properties();
    p.setProperty(Account.PASSWORD_HASH, HASH_OF_PASSWORD);
    assertFalse(Account.of(p).toString().contains(HASH_OF_PASSWORD));
  }

  @Test
  void aPlaintextPasswordIsRefused() {
    Properties p = new Properties();
    p.setProperty(Account.PASSWORD, "s3cret");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Account.of(p));
    assertFalse(e.getMessage().contains("s3cret"));
    assertTrue(e.getMessage().startsWith("mysql.password is not accepted"), e.getMessage());
  }
}

package io.iotkit.binding.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class PgConnectionErrorsTest {
  private static final PgSettings S = settings();

  private static PgSettings settings() {
    Properties p = new Properties();
    p.setProperty(PgSettings.HOST, "db1");
    p.setProperty(PgSettings.USER, "kit");
    p.setProperty(PgSettings.PASSWORD, "s3cret");
    return PgSettings.from(p);
  }

  @Test
  void wrongPasswordNamesTheUserNeverThePassword() {
    String line = PgConnectionErrors.describe(new SQLException(
        "FATAL: password authentication failed for user \"kit\"", "28P01"), S);
    assertTrue(line.startsWith("postgresql: db1:5432 refused the login of user 'kit': wrong user or password"), line);
    assertFalse(line.contains("s3cret"));
    assertFalse(line.contains("\n"));
  }

  @Test
  void missingDatabaseAndRefusedConnection() {
    assertEquals("postgresql: db1:5432 has no database 'iot'; create it (CREATE DATABASE iot OWNER kit) or fix"
        + " postgresql.database", PgConnectionErrors.describe(new SQLException("FATAL: database \"iot\" does not"
        + " exist", "3D000"), S));
    SQLException refused = new SQLException("Connection to db1:5432 refused.", "08001",
        new ConnectException("Connection refused"));
    assertTrue(PgConnectionErrors.describe(refused, S).contains("connection refused; is the server running?"),
        PgConnectionErrors.describe(refused, S));
  }
}

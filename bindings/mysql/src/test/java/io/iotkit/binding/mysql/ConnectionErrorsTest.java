package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class ConnectionErrorsTest {

  private static String describe(SQLException e) {
    String line = ConnectionErrors.describe(e, "db1:3306", "iot", "iot", "REQUIRED");
    assertEquals(1, line.lines().count(), line);
    assertTrue(line.startsWith("mysql: "), line);
    assertTrue(line.contains("db1:3306"), line);
    return line;
  }

  /** Connector/J wraps socket failures twice, with a message of several lines. */
  private static SQLException communications(Throwable cause) {
    return new SQLException("Communications link failure\n\nThe last packet sent successfully to the server was 0"
        + " milliseconds ago.", "08S01", 0, new RuntimeException("wrapped", cause));
  }

  @Test
  void refused() {
    assertTrue(describe(communications(new ConnectException("Connection refused"))).contains(
        "cannot connect to db1:3306: connection refused"));
  }

  @Test
  void unknownHost() {
    assertTrue(describe(communications(new UnknownHostException("db1: Name or service not known"))).contains(
        "unknown host db1"));
  }

  @Test
  void timeout() {
    assertTrue(describe(communications(new SocketTimeoutException("Connect timed out"))).contains("no answer"));
  }

  @Test
  void tls() {
    String line = describe(communications(new SSLHandshakeException("PKIX path building failed")));
    assertTrue(line.contains("TLS with db1:3306 failed: PKIX path building failed"), line);
    assertTrue(line.contains("mysql.ssl.mode=REQUIRED"), line);
  }

  @Test
  void tlsNamesTheInnermostCauseWithoutClassNames() {
    SSLHandshakeException handshake = new SSLHandshakeException(
        "sun.security.validator.ValidatorException: PKIX path building failed");
    handshake.initCause(new java.security.cert.CertPathValidatorException("unable to find valid certification path"));
    String line = describe(communications(handshake));
    assertTrue(line.contains("TLS with db1:3306 failed: unable to find valid certification path; check"), line);
  }

  @Test
  void accessDenied() {
    String line = describe(new SQLException("Access denied for user 'iot'@'10.0.0.5' (using password: YES)", "28000",
        1045));
    assertTrue(line.contains("refused the login of user 'iot': wrong user or password"), line);
  }

  @Test
  void unknownDatabase() {
    assertTrue(describe(new SQLException("Unknown database 'iot'", "42000", 1049)).contains("has no database 'iot'"));
  }

  @Test
  void anythingElseKeepsTheFirstLineOfTheServersMessage() {
    String line = describe(new SQLException("Too many connections\nmore detail", "08004", 1040));
    assertTrue(line.endsWith("Too many connections"), line);
    assertFalse(line.contains("more detail"));
  }
}

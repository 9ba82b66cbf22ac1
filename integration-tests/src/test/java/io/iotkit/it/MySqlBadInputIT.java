package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unreachable or unusable MySQL server ends the run with one line on stderr naming the binding, the
 * address and the cause, exit code 1, no stack trace, and no password anywhere.
 */
class MySqlBadInputIT {
  private static final String PASSWORD = "right-pw-4711";
  @TempDir
  static Path serverDir;
  private static BindingHarness server;

  @BeforeAll
  static void startServer() throws Exception {
    Properties p = new Properties();
    p.setProperty("mysql.user", "kit_bad");
    p.setProperty("mysql.password", PASSWORD);
    server = BindingHarness.start("mysql", serverDir, p);
  }

  @AfterAll
  static void stopServer() throws Exception {
    server.close();
  }

  private static String address() {
    return "127.0.0.1:" + server.properties.getProperty("mysql.port");
  }

  private static String toServer(String more) {
    return "mysql.host=127.0.0.1\nmysql.port=" + server.properties.getProperty("mysql.port")
        + "\nmysql.user=kit_bad\n" + more;
  }

  @Test
  void closedPort(@TempDir Path work) throws Exception {
    assertOneLine(work, "mysql.host=127.0.0.1\nmysql.port=1\n",
        "mysql: cannot connect to 127.0.0.1:1: connection refused");
  }

  @Test
  void unknownHost(@TempDir Path work) throws Exception {
    assertOneLine(work, "mysql.host=no-such-host.invalid\n",
        "mysql: cannot connect to no-such-host.invalid:3306: unknown host no-such-host.invalid");
  }

  @Test
  void wrongPassword(@TempDir Path work) throws Exception {
    String wrong = "wrong-pw-0815";
    String err = assertOneLine(work, toServer("mysql.password=" + wrong + "\n"),
        "mysql: " + address() + " refused the login of user 'kit_bad': wrong user or password");
    assertFalse(err.contains(wrong));
  }

  @Test
  void tlsRequiredButNotOffered(@TempDir Path work) throws Exception {
    assertOneLine(work, toServer("mysql.password=" + PASSWORD + "\nmysql.ssl.mode=REQUIRED\n"),
        "mysql: TLS with " + address() + " failed");
  }

  @Test
  void missingDatabase(@TempDir Path work) throws Exception {
    assertOneLine(work, toServer("mysql.password=" + PASSWORD + "\nmysql.database=nothere\n"),
        "mysql: " + address() + ": user 'kit_bad' may not use database 'nothere'");
  }

  /** Runs the kit with these binding properties; returns its one stderr line. */
  private static String assertOneLine(Path work, String properties, String expected) throws Exception {
    Path props = work.resolve("mysql.properties");
    Files.writeString(props, properties);
    KitProcess.Finished f = KitProcess.run(work, 3, "-b", "mysql", "-p", "1", "-k", "10", "--binding-properties",
        props.toString(), "--results", work.resolve("results").toString());
    assertEquals(1, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), "one line on stderr, got:\n" + err);
    assertTrue(err.contains(expected), "expected '" + expected + "' in: " + err);
    assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace: " + err);
    assertFalse(f.stdout().contains("\tat "), "no stack trace on stdout");
    assertFalse(f.stdout().contains(PASSWORD) || err.contains(PASSWORD), "no password in the output");
    return err;
  }
}

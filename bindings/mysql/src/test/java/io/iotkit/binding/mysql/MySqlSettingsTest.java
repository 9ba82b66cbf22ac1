package io.iotkit.binding.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MySqlSettingsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaults() {
    MySqlSettings s = MySqlSettings.from(props("mysql.host", "db1"));
    assertEquals("db1:3306", s.address());
    assertEquals("jdbc:mysql://db1:3306/iot", s.url());
    assertEquals("readings", s.table());
    assertEquals(100, s.batchSize());
    Properties c = s.connectionProperties();
    assertEquals("iot", c.getProperty("user"));
    assertEquals("", c.getProperty("password"));
    assertEquals("PREFERRED", c.getProperty("sslMode"));
    assertEquals("true", c.getProperty("rewriteBatchedStatements"));
    assertEquals("true", c.getProperty("allowMultiQueries"), "a window and its read counters in one round trip");
    assertEquals("5000", c.getProperty("connectTimeout"));
  }

  @Test
  void thePasswordGoesToTheDriverOnly(@TempDir Path dir) throws Exception {
    Path trust = emptyStore(dir.resolve("trust.p12"), "tr0st");
    MySqlSettings s = MySqlSettings.from(props("mysql.host", "db1", "mysql.password", "s3cret",
        "mysql.ssl.truststore.password", "tr0st", "mysql.ssl.truststore", trust.toString()));
    assertEquals("s3cret", s.connectionProperties().getProperty("password"));
    assertEquals("tr0st", s.connectionProperties().getProperty("trustCertificateKeyStorePassword"));
    assertEquals(trust.toUri().toString(), s.connectionProperties().getProperty("trustCertificateKeyStoreUrl"));
    assertFalse(s.url().contains("s3cret"));
    assertFalse(s.toString().contains("s3cret") || s.toString().contains("tr0st"), s.toString());
  }

  @Test
  void tlsAndExtraDriverProperties() {
    MySqlSettings s = MySqlSettings.from(props("mysql.host", "::1", "mysql.port", "3307", "mysql.ssl.mode",
        "verify_ca", "mysql.jdbc.allowPublicKeyRetrieval", "true", "mysql.jdbc.rewriteBatchedStatements", "false"));
    assertEquals("[::1]:3307", s.address());
    assertEquals("VERIFY_CA", s.connectionProperties().getProperty("sslMode"));
    assertEquals("true", s.connectionProperties().getProperty("allowPublicKeyRetrieval"));
    assertEquals("true", s.connectionProperties().getProperty("rewriteBatchedStatements"), "the kit's settings win");
  }

  @Test
  void badValuesNameTheirProperty() {
    assertMessage("mysql.host is not set", props());
    assertMessage("mysql.port 'x'", props("mysql.host", "h", "mysql.port", "x"));
    assertMessage("mysql.batch.size '0'", props("mysql.host", "h", "mysql.batch.size", "0"));
    assertMessage("mysql.ssl.mode 'sometimes' is not one of DISABLED, PREFERRED", props("mysql.host", "h",
        "mysql.ssl.mode", "sometimes"));
    assertMessage("mysql.user '" + "u".repeat(81) + "' must be 1 to 80 characters", props("mysql.host", "h",
        "mysql.user", "u".repeat(81)));
    assertMessage("mysql.jdbc.socketTimeout 'soon': The connection property 'socketTimeout' only accepts integer values",
        props("mysql.host", "h", "mysql.jdbc.socketTimeout", "soon"));
    assertMessage("mysql.table 'a;b'", props("mysql.host", "h", "mysql.table", "a;b"));
    assertMessage("mysql.database 'x-y'", props("mysql.host", "h", "mysql.database", "x-y"));
  }

  @Test
  void aStoreMustOpenWithItsPassword(@TempDir Path dir) throws Exception {
    Path trust = emptyStore(dir.resolve("trust.p12"), "right");
    assertMessage("mysql.ssl.truststore '/no/such/trust.p12' is not a readable file", props("mysql.host", "h",
        "mysql.ssl.truststore", "/no/such/trust.p12"));
    assertMessage("mysql.ssl.truststore.password does not open mysql.ssl.truststore '" + trust + "' (not its password)",
        props("mysql.host", "h", "mysql.ssl.truststore", trust.toString(), "mysql.ssl.truststore.password", "wrong"));
    assertMessage("mysql.ssl.keystore.type 'NOPE' is not a key store type", props("mysql.host", "h",
        "mysql.ssl.keystore", trust.toString(), "mysql.ssl.keystore.type", "NOPE"));
  }

  /** An empty PKCS12 store with this password. */
  static Path emptyStore(Path file, String password) throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    ks.load(null, null);
    try (OutputStream out = Files.newOutputStream(file)) {
      ks.store(out, password.toCharArray());
    }
    return file;
  }

  private static void assertMessage(String expected, Properties p) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MySqlSettings.from(p));
    assertTrue(e.getMessage().startsWith(expected), e.getMessage());
  }
}

package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.BindingProvider;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.model.KitLayout;
import io.iotkit.sut.Bindings;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unreachable or unusable MySQL server ends the run with one line on stderr naming the binding, the
 * address and the cause, exit code 1, no stack trace, and no password anywhere; the TLS options really verify
 * the server. The server is the local MariaDB as {@code bin/tpcx-iot.sh server -b mysql start} starts it for other
 * tools (here with a self-signed certificate), so that command is tested too.
 */
class MySqlBadInputIT {
  private static final String PASSWORD = "right-pw-4711";
  private static final String STORE_PASSWORD = "store-pw-1234";
  @TempDir
  static Path serverDir;
  private static String address;
  /** The server's folder. */
  private static Path db;
  /** Trust stores: one with the server's certificate, one with a stranger's. */
  private static Path trusted;
  private static Path untrusted;

  @BeforeAll
  static void startServer() throws Exception {
    Path props = serverDir.resolve("account.properties");
    Files.writeString(props, "mysql.user=kit_bad\nmysql.password=" + PASSWORD + "\n");
    KeyStore.PrivateKeyEntry server = selfSigned(serverDir, "server");
    Path cert = pem(serverDir.resolve("server-cert.pem"), "CERTIFICATE", server.getCertificate().getEncoded());
    Path key = pem(serverDir.resolve("server-key.pem"), "PRIVATE KEY", server.getPrivateKey().getEncoded());
    trusted = trustStore(serverDir.resolve("trusted.p12"), server.getCertificate());
    untrusted = trustStore(serverDir.resolve("untrusted.p12"), selfSigned(serverDir, "stranger").getCertificate());
    db = serverDir.resolve("db");
    KitProcess.Finished start = server("start", "--binding-properties", props.toString(),
        "--tls-cert", cert.toString(), "--tls-key", key.toString());
    assertEquals(0, start.exitCode(), start.stderr());
    Properties started = new Properties();
    started.load(new StringReader(start.stdout()));
    address = started.getProperty("mysql.host") + ":" + started.getProperty("mysql.port");
    assertTrue(address.matches("127\\.0\\.0\\.1:\\d+"), "start prints the address: " + start.stdout());
    assertTrue(start.stderr().contains("database=iot") && start.stderr().contains("user=kit_bad"), start.stderr());
    assertFalse(start.stderr().contains(PASSWORD));
    assertFalse(Files.readString(db.resolve("binding.properties")).contains(PASSWORD), "addresses only");
    assertFalse(Files.exists(db.resolve("account.properties")), "the hash file is gone once the server is up");
    assertEquals(1, server("start").exitCode(), "one server per folder");
    KitProcess.Finished status = server("status");
    assertEquals(0, status.exitCode(), status.stderr());
    assertEquals(start.stdout(), status.stdout(), "status prints the address as start did");
    // The account really needs its password: the right one logs in (the wrong one, below, does not).
    Properties login = new Properties();
    login.setProperty("mysql.host", "127.0.0.1");
    login.setProperty("mysql.port", address.substring(address.indexOf(':') + 1));
    login.setProperty("mysql.user", "kit_bad");
    login.setProperty("mysql.password", PASSWORD);
    try (Connection c = MySqlProtocolIT.jdbc(login)) {
      assertEquals("kit_bad@127.0.0.1", MySqlProtocolIT.single(c, "SELECT CURRENT_USER()"));
    }
  }

  @AfterAll
  static void stopServer() throws Exception {
    assertEquals(0, server("stop").exitCode());
    assertEquals(List.of(), KitProcess.leftovers(serverDir.toString()), "stop leaves nothing running");
    assertEquals(3, server("status").exitCode(), "status: not running");
    KitProcess.Finished again = server("stop");
    assertEquals(0, again.exitCode(), "stopping a stopped server is no error");
    assertTrue(again.stderr().contains("no local server runs in"), again.stderr());
  }

  /** {@code bin/tpcx-iot.sh server -b mysql ACTION --dir DB ...}. */
  private static KitProcess.Finished server(String action, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("server", "-b", "mysql", action, "--dir", db.toString()));
    args.addAll(List.of(more));
    return KitProcess.run(serverDir, 4, args.toArray(String[]::new));
  }

  private static String address() {
    return address;
  }

  private static String toServer(String more) {
    String port = address.substring(address.indexOf(':') + 1);
    return "mysql.host=127.0.0.1\nmysql.port=" + port + "\nmysql.user=kit_bad\n" + more;
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

  /** The refused password holds a canary: neither the line nor any file of the run shows it. */
  @Test
  void wrongPassword(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    String err = assertOneLine(work, toServer("mysql.password=wrong-" + canary.value + "\n"),
        "mysql: " + address() + " refused the login of user 'kit_bad': wrong user or password");
    assertFalse(err.contains(canary.value));
    assertEquals(List.of(), canary.filesHolding(work.resolve("results")));
  }

  @Test
  void tlsWithTheServersCertificateInTheTrustStoreConnects() throws Exception {
    KitLayout kit = new KitLayout(KitProcess.HOME);
    BindingProvider provider = Bindings.load("mysql", kit.bindingClasspath("mysql")).orElseThrow();
    Thread.currentThread().setContextClassLoader(provider.getClass().getClassLoader());
    Properties p = new Properties();
    p.load(new java.io.StringReader(toServer("mysql.password=" + PASSWORD + "\n" + verifyWith(trusted))));
    try (StoreAdmin admin = provider.openAdmin(p)) {
      String connection = admin.measurements().get("mysql connection");
      assertTrue(connection.startsWith("TLS TLSv1."), connection);
    }
  }

  @Test
  void tlsWithAnUntrustedServerCertificate(@TempDir Path work) throws Exception {
    assertOneLine(work, toServer("mysql.password=" + PASSWORD + "\n" + verifyWith(untrusted)),
        "mysql: TLS with " + address() + " failed");
  }

  @Test
  void tlsRequiredButTheLocalServerOffersNone(@TempDir Path work) throws Exception {
    // No mysql.host: the kit starts its own local MariaDB, which has no certificate.
    String err = assertOneLine(work, "mysql.ssl.mode=REQUIRED\n", "mysql: TLS with 127.0.0.1:");
    assertTrue(err.contains("mysql.ssl.mode=REQUIRED"), err);
  }

  private static String verifyWith(Path trustStore) {
    return "mysql.ssl.mode=VERIFY_CA\nmysql.ssl.truststore=" + trustStore + "\nmysql.ssl.truststore.type=PKCS12\n"
        + "mysql.ssl.truststore.password=" + STORE_PASSWORD + "\n";
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
    for (String secret : List.of(PASSWORD, STORE_PASSWORD)) {
      assertFalse(f.stdout().contains(secret) || err.contains(secret), "no password in the output");
    }
    assertEquals(List.of(), KitProcess.leftovers(work.toString()), "nothing of the run left running");
    return err;
  }

  /** A key pair and self-signed certificate for 127.0.0.1, made with the JDK's keytool. */
  private static KeyStore.PrivateKeyEntry selfSigned(Path dir, String alias) throws Exception {
    Path store = dir.resolve(alias + ".p12");
    Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", alias, "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=" + alias + " test",
        "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
        "-storepass", STORE_PASSWORD).redirectErrorStream(true).start();
    String out = new String(keytool.getInputStream().readAllBytes());
    assertEquals(0, keytool.waitFor(), out);
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      ks.load(in, STORE_PASSWORD.toCharArray());
    }
    return (KeyStore.PrivateKeyEntry) ks.getEntry(alias, new KeyStore.PasswordProtection(STORE_PASSWORD.toCharArray()));
  }

  private static Path pem(Path file, String type, byte[] der) throws Exception {
    String body = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der);
    return Files.writeString(file, "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n");
  }

  private static Path trustStore(Path file, Certificate cert) throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    ks.load(null, null);
    ks.setCertificateEntry("server", cert);
    try (OutputStream out = Files.newOutputStream(file)) {
      ks.store(out, STORE_PASSWORD.toCharArray());
    }
    return file;
  }
}

package io.iotkit.binding.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.iotkit.binding.AcknowledgementCount;
import io.iotkit.binding.Reading;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DBException;

/**
 * The binding against a second, independent broker: Debian's mosquitto, requiring a login (user "kit", password
 * "right") on a plain and a TLS listener. Shows what a refused login and a failed TLS handshake look like to the
 * user, and that a good login over TLS ingests and verifies readings at QoS 1 and 2.
 * Skipped where mosquitto, mosquitto_passwd or openssl is not installed (apt-get install mosquitto openssl).
 */
class MosquittoTest {
  private static final String STOREPASS = "storepass1";
  @TempDir
  static Path dir;
  private static Process broker;
  private static int plainPort;
  private static int tlsPort;
  private static Path truststore;

  @BeforeAll
  static void startMosquitto() throws Exception {
    assumeTrue(onPath("mosquitto") && onPath("mosquitto_passwd") && onPath("openssl"),
        "mosquitto, mosquitto_passwd and openssl are needed (apt-get install mosquitto openssl)");
    plainPort = freePort();
    tlsPort = freePort();
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", dir.resolve("key.pem").toString(),
        "-out", dir.resolve("cert.pem").toString(), "-days", "2", "-subj", "/CN=localhost",
        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost");
    run("mosquitto_passwd", "-c", "-b", dir.resolve("passwd").toString(), "kit", "right");
    truststore = dir.resolve("trust.p12");
    run(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-importcert", "-noprompt",
        "-keystore", truststore.toString(), "-storetype", "PKCS12", "-storepass", STOREPASS, "-alias", "broker",
        "-file", dir.resolve("cert.pem").toString());
    Files.writeString(dir.resolve("mosquitto.conf"), """
        # run as whoever starts it (as root it would switch to user mosquitto, who cannot read this folder)
        user %s
        per_listener_settings true
        persistence false
        log_dest stderr
        listener %d 127.0.0.1
        allow_anonymous false
        password_file %s
        listener %d 127.0.0.1
        allow_anonymous false
        password_file %s
        certfile %s
        keyfile %s
        """.formatted(System.getProperty("user.name"), plainPort, dir.resolve("passwd"), tlsPort,
        dir.resolve("passwd"), dir.resolve("cert.pem"), dir.resolve("key.pem")));
    Files.setPosixFilePermissions(dir.resolve("passwd"), PosixFilePermissions.fromString("rw-------"));
    broker = new ProcessBuilder(resolve("mosquitto"), "-c", dir.resolve("mosquitto.conf").toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("mosquitto.log").toFile()).start();
    awaitListening(plainPort);
    awaitListening(tlsPort);
  }

  @AfterAll
  static void stopMosquitto() throws Exception {
    if (broker != null) {
      broker.destroy();
      broker.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static MqttBinding binding(String... kv) {
    Properties p = new Properties();
    p.setProperty("mqtt.host", "127.0.0.1");
    p.setProperty("mqtt.verify.quiet.ms", "300");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    MqttBinding b = new MqttBinding();
    b.setProperties(p);
    return b;
  }

  private static String initFails(MqttBinding b) {
    String line = assertThrows(DBException.class, b::init).getMessage();
    assertEquals(1, line.lines().count(), line);
    assertFalse(line.contains("wrong") || line.contains(STOREPASS), "no secret in: " + line);
    return line;
  }

  @Test
  void refusedLogin() {
    assertEquals("mqtt: broker 127.0.0.1:" + plainPort + " refused the login of user 'kit' (not authorized);"
        + " check mqtt.username / mqtt.password in the binding properties",
        initFails(binding("mqtt.port", "" + plainPort, "mqtt.username", "kit", "mqtt.password", "wrong")));
    assertTrue(initFails(binding("mqtt.port", "" + plainPort))
        .startsWith("mqtt: broker 127.0.0.1:" + plainPort + " refused an anonymous login (not authorized)"));
  }

  @Test
  void untrustedCertificate() {
    String line = initFails(binding("mqtt.port", "" + tlsPort, "mqtt.tls", "true", "mqtt.username", "kit",
        "mqtt.password", "right"));
    assertTrue(line.startsWith("mqtt: TLS handshake with broker 127.0.0.1:" + tlsPort + " failed (PKIX path"), line);
  }

  @Test
  void tlsToAPlainPort() {
    String line = initFails(binding("mqtt.port", "" + plainPort, "mqtt.tls", "true",
        "mqtt.tls.truststore", truststore.toString(), "mqtt.tls.truststore.password", STOREPASS));
    assertTrue(line.startsWith("mqtt: TLS connection to broker 127.0.0.1:" + plainPort + " failed ("), line);
  }

  @Test
  void wrongTruststorePassword() {
    String line = initFails(binding("mqtt.port", "" + tlsPort, "mqtt.tls", "true",
        "mqtt.tls.truststore", truststore.toString(), "mqtt.tls.truststore.password", "wrong"));
    assertEquals("mqtt: mqtt.tls.truststore.password does not open mqtt.tls.truststore '" + truststore
        + "' (not its password)", line);
  }

  @Test
  void goodLoginOverTlsIngestsAndVerifiesAtQos1() throws Exception {
    ingestAndVerify("1", "tls-1-000");
  }

  @Test
  void goodLoginOverTlsIngestsAndVerifiesAtQos2() throws Exception {
    ingestAndVerify("2", "tls-1-001");
  }

  private void ingestAndVerify(String qos, String substation) throws Exception {
    String[] props = {"mqtt.port", "" + tlsPort, "mqtt.tls", "true", "mqtt.username", "kit",
        "mqtt.password", "right", "mqtt.tls.truststore", truststore.toString(),
        "mqtt.tls.truststore.password", STOREPASS, "mqtt.qos", qos};
    MqttAdmin master = MqttAdmin.open(binding(props).getProperties());
    MqttBinding writer = binding(props);
    writer.init();
    try {
      master.prepare(List.of(substation));
      long t0 = 1_700_000_000_000_000L;
      AcknowledgementCount answers = new AcknowledgementCount();
      for (int i = 0; i < 10; i++) {
        writer.write(new Reading(substation, "temp-01", t0 + i, "20.5", "degC", "x".repeat(900).getBytes()), answers);
      }
      writer.flush();
      assertTrue(answers.await(10, Duration.ofSeconds(60)), "every publish answered");
      assertEquals(10, answers.acknowledgedCount(), "acknowledged: " + answers.firstFailure());
      assertEquals(10, master.totalReadings(List.of(substation)));
      assertEquals("10", master.measurements().get("mqtt readings delivered to the verifying subscriber (distinct)"));
      master.purge();
      assertEquals(0, master.totalReadings(List.of(substation)));
    } finally {
      writer.cleanup();
      master.close();
    }
  }

  private static boolean onPath(String command) {
    return resolve(command) != null;
  }

  /** Debian puts mosquitto in /usr/sbin, which a non-root PATH may lack. */
  private static String resolve(String command) {
    for (String d : (System.getenv().getOrDefault("PATH", "") + ":/usr/sbin").split(":")) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, command))) {
        return Path.of(d, command).toString();
      }
    }
    return null;
  }

  private static void run(String... cmd) throws Exception {
    List<String> c = new ArrayList<>(List.of(cmd));
    if (!c.get(0).startsWith("/")) {
      c.set(0, resolve(c.get(0)));
    }
    Process p = new ProcessBuilder(c).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed: " + out);
    }
  }

  private static void awaitListening(int port) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
        return;
      } catch (IOException e) {
        if (!broker.isAlive() || System.nanoTime() > deadline) {
          throw new IOException("mosquitto did not listen on " + port + ": "
              + Files.readString(dir.resolve("mosquitto.log")));
        }
        Thread.sleep(100);
      }
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}

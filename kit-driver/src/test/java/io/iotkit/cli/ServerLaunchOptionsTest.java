package io.iotkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerLaunchOptionsTest {
  private static final Set<String> MYSQL = Set.of("--port", "--tls-cert", "--tls-key");

  @Test
  void givenOptionsBecomeLauncherOptionsWithAbsolutePaths(@TempDir Path dir) throws Exception {
    ServerLaunchOptions o = new ServerLaunchOptions();
    o.port = 3307;
    o.tlsCert = Files.writeString(dir.resolve("c.pem"), "c");
    o.tlsKey = Files.writeString(dir.resolve("k.pem"), "k");
    Map<String, String> given = o.forServer("mysql", MYSQL);
    assertEquals(List.of("--port", "--tls-cert", "--tls-key"), List.copyOf(given.keySet()));
    assertEquals("3307", given.get("--port"));
    assertEquals(dir.resolve("c.pem").toAbsolutePath().toString(), given.get("--tls-cert"));
  }

  @Test
  void noOptionsIsFineForEveryServer() throws Exception {
    assertTrue(new ServerLaunchOptions().forServer("hbase", Set.of()).isEmpty());
  }

  @Test
  void anOptionTheServerDoesNotTakeIsNamedWithTheOnesItTakes() {
    ServerLaunchOptions o = new ServerLaunchOptions();
    o.port = 9092;
    BadInputException e = assertThrows(BadInputException.class,
        () -> o.forServer("kafka", Set.of("--sasl-plain-user", "--ssl-keystore")));
    assertEquals("the local server of binding 'kafka' takes no --port (it takes --sasl-plain-user,"
        + " --ssl-keystore)", e.getMessage());
    e = assertThrows(BadInputException.class, () -> o.forServer("hbase", Set.of()));
    assertTrue(e.getMessage().endsWith("(it takes no server options)"), e.getMessage());
  }

  @Test
  void badValuesGetOneLine(@TempDir Path dir) throws Exception {
    ServerLaunchOptions port = new ServerLaunchOptions();
    port.port = 70_000;
    assertEquals("--port must be in 1..65535, not 70000",
        assertThrows(BadInputException.class, port::given).getMessage());
    ServerLaunchOptions missing = new ServerLaunchOptions();
    missing.sslKeystore = dir.resolve("none.p12");
    assertTrue(assertThrows(BadInputException.class, missing::given).getMessage()
        .startsWith("--ssl-keystore " + dir.resolve("none.p12")));
    ServerLaunchOptions half = new ServerLaunchOptions();
    half.tlsCert = Files.writeString(dir.resolve("c.pem"), "c");
    assertEquals("--tls-cert and --tls-key go together",
        assertThrows(BadInputException.class, () -> half.forServer("mysql", MYSQL)).getMessage());
  }
}

package io.iotkit.binding.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DBException;

/** Every binding's number, flag and string properties: defaults, and one line naming property and value. */
class PropertyReaderTest {

  private static PropertyReader reader(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return new PropertyReader(p);
  }

  private static String message(Executable read) {
    return assertThrows(BadPropertyException.class, read).getMessage();
  }

  @Test
  void missingOrBlankMeansTheDefault() {
    assertEquals(3306, reader().intIn("mysql.port", 3306, 1, 65_535));
    assertEquals(16, reader("kafka.topic.partitions", " ").intIn("kafka.topic.partitions", 16, 1, Integer.MAX_VALUE));
    assertEquals(Optional.empty(), reader().optionalIntIn("kafka.topic.replication.factor", 1, Integer.MAX_VALUE));
    assertEquals(2_000L, reader().longIn("x.ms", 2_000, 100, 600_000));
    assertFalse(reader().bool("mqtt.tls", false));
    assertEquals("iot", reader("t", "").string("t", "iot"));
    assertEquals(Optional.empty(), reader("u", "  ").optional("u"));
  }

  @Test
  void valuesAreTrimmed() {
    assertEquals(4, reader("kafka.topic.partitions", " 4 ").intIn("kafka.topic.partitions", 16, 1, Integer.MAX_VALUE));
    assertEquals(Optional.of(3), reader("r", "3").optionalIntIn("r", 1, Integer.MAX_VALUE));
    assertEquals(0, reader("mqtt.qos", "0").intIn("mqtt.qos", 1, 0, 2));
    assertEquals(600_000L, reader("x.ms", "600000").longIn("x.ms", 2_000, 100, 600_000));
    assertTrue(reader("mqtt.tls", " TRUE").bool("mqtt.tls", false));
    assertEquals("db1", reader("mysql.host", " db1 ").required("mysql.host"));
  }

  @Test
  void aNumberOutOfItsRangeNamesPropertyValueAndRange() {
    assertTrue(message(() -> reader("kafka.topic.partitions", "many").intIn("kafka.topic.partitions", 16, 1,
        Integer.MAX_VALUE)).startsWith("kafka.topic.partitions 'many'"));
    assertEquals("kafka.batch.size '0' is not a whole number of at least 1",
        message(() -> reader("kafka.batch.size", "0").intIn("kafka.batch.size", 1_000, 1, Integer.MAX_VALUE)));
    assertTrue(message(() -> reader("mysql.port", "x").intIn("mysql.port", 3306, 1, 65_535))
        .startsWith("mysql.port 'x'"));
    assertTrue(message(() -> reader("mysql.batch.size", "0").intIn("mysql.batch.size", 100, 1, 100_000))
        .startsWith("mysql.batch.size '0'"));
    assertEquals("mysql.port '70000' is not a whole number from 1 to 65535",
        message(() -> reader("mysql.port", "70000").intIn("mysql.port", 3306, 1, 65_535)));
    assertEquals("mqtt.qos '3' is not a whole number from 0 to 2",
        message(() -> reader("mqtt.qos", "3").intIn("mqtt.qos", 1, 0, 2)));
    assertEquals("mqtt.port 'x' is not a whole number from 1 to 65535",
        message(() -> reader("mqtt.port", "x").intIn("mqtt.port", 1883, 1, 65_535)));
    assertEquals("n '99999999999' is not a whole number from 1 to 10",
        message(() -> reader("n", "99999999999").optionalIntIn("n", 1, 10)));
    assertEquals("x.ms '1.5' is not a whole number of at least 100",
        message(() -> reader("x.ms", "1.5").longIn("x.ms", 2_000, 100, Long.MAX_VALUE)));
  }

  @Test
  void aBatchLingerIsUpToAMinuteInMilliseconds() {
    assertEquals(Duration.ofMillis(5), reader().batchLinger("mysql.batch.linger.ms", 5));
    assertEquals(Duration.ZERO, reader("mysql.batch.linger.ms", "0").batchLinger("mysql.batch.linger.ms", 5));
    assertEquals("mysql.batch.linger.ms '60001' is not a whole number from 0 to 60000",
        message(() -> reader("mysql.batch.linger.ms", "60001").batchLinger("mysql.batch.linger.ms", 5)));
  }

  @Test
  void aFlagIsTrueOrFalse() {
    assertEquals("mqtt.tls must be true or false, not 'yes'", message(() -> reader("mqtt.tls", "yes").bool("mqtt.tls",
        false)));
  }

  @Test
  void aRequiredPropertyMustBeSet() {
    assertEquals("mysql.host is not set", message(() -> reader().required("mysql.host")));
    assertEquals("kafka.bootstrap.servers is not set",
        message(() -> reader("kafka.bootstrap.servers", " ").required("kafka.bootstrap.servers")));
  }

  @Test
  void theMasterFindsABadPropertyBehindTheBindingsException() {
    BadPropertyException bad = new BadPropertyException("mysql.port 'x' is not a whole number from 1 to 65535");
    assertTrue(BadPropertyException.isCauseOf(new DBException("mysql: " + bad.getMessage(), bad)));
    assertTrue(BadPropertyException.isCauseOf(bad));
    assertFalse(BadPropertyException.isCauseOf(new DBException("mysql: cannot connect")));
    assertFalse(BadPropertyException.isCauseOf(null));
    assertEquals(bad, BadPropertyException.in(new DBException("mysql: x", new RuntimeException(bad))).orElseThrow());
  }

  @Test
  void oneOfAllowedValuesInAnyCase() {
    assertEquals("in-memory", reader("p", "IN-MEMORY").oneOf("p", "file", Set.of("file", "in-memory")));
    assertEquals("file", reader().oneOf("p", "file", Set.of("file", "in-memory")));
    assertEquals("p 'disk' is not one of file, in-memory",
        message(() -> reader("p", "disk").oneOf("p", "file", Set.of("file", "in-memory"))));
  }

  @Test
  void hostPortLists() {
    assertEquals(List.of(new HostPort("a", 1), new HostPort("::1", 9092), new HostPort("b", 7)),
        reader("s", "a:1, [::1]:9092,b").hostPorts("s", "", 7));
    assertEquals("[::1]:9092", new HostPort("::1", 9092).toString());
    assertEquals("s entry 'b' is not host:port", message(() -> reader("s", "a:1,b").hostPorts("s", "", 0)));
    assertEquals("s entry 'a:99999' has no valid port (a whole number from 1 to 65535)",
        message(() -> reader("s", "a:99999").hostPorts("s", "", 0)));
    assertEquals("s entry '[::1' is not host:port", message(() -> reader("s", "[::1").hostPorts("s", "", 1)));
    assertEquals("s names no server", message(() -> reader("s", " , ").hostPorts("s", "", 1)));
  }

  @Test
  void keyStoresOpenWithTheirPasswordOrNameWhatIsWrong(@TempDir Path dir) throws Exception {
    Path store = dir.resolve("t.p12");
    KeyStore ks = KeyStore.getInstance("PKCS12");
    ks.load(null, null);
    try (OutputStream out = Files.newOutputStream(store)) {
      ks.store(out, "pw-4711".toCharArray());
    }
    String f = store.toString();
    assertEquals(Optional.empty(), reader().keyStore("t", "t.type", "t.password", "PKCS12"));
    assertEquals(Optional.of(store), reader("t", f, "t.password", "pw-4711").keyStore("t", "t.type", "t.password",
        "PKCS12"));
    assertEquals(Optional.of(store), reader("t", f, "t.type", "PEM").keyStore("t", "t.type", "t.password", "JKS"),
        "a PEM file is only read by its client");
    String wrong = message(() -> reader("t", f, "t.password", "guess-0815").keyStore("t", "t.type", "t.password",
        "PKCS12"));
    assertEquals("t.password does not open t '" + f + "' (not its password)", wrong);
    assertEquals("t 'nope.p12' is not a readable file",
        message(() -> reader("t", "nope.p12").keyStore("t", "t.type", "t.password", "PKCS12")));
    assertEquals("t.type 'XYZ' is not a key store type (PKCS12, JKS)",
        message(() -> reader("t", f, "t.type", "XYZ").keyStore("t", "t.type", "t.password", "PKCS12")));
    Path text = Files.writeString(dir.resolve("x.txt"), "not a store");
    assertEquals("t '" + text + "' is not a PKCS12 store that t.password opens",
        message(() -> reader("t", text.toString()).keyStore("t", "t.type", "t.password", "PKCS12")));
  }
}

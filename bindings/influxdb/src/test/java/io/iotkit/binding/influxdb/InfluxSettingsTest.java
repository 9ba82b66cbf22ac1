package io.iotkit.binding.influxdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class InfluxSettingsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String bad(String... kv) {
    return assertThrows(BadPropertyException.class, () -> InfluxSettings.from(props(kv))).getMessage();
  }

  @Test
  void defaults() {
    InfluxSettings s = InfluxSettings.from(props("influxdb.url", "http://db1:8086/"));
    assertEquals("http://db1:8086", s.url().toString());
    assertEquals("iot", s.database());
    assertEquals(500, s.batchSize());
    assertEquals(4, s.requestsInFlight());
    assertEquals(Duration.ofMillis(5), s.batchLinger());
    assertEquals(Optional.empty(), s.user());
    assertEquals(5_000, s.connectTimeout().toMillis());
    assertEquals(60_000, s.requestTimeout().toMillis());
  }

  @Test
  void urlForms() {
    assertEquals("http://127.0.0.1:1", InfluxSettings.url("127.0.0.1:1").toString(), "host:port as the kit gives it");
    assertEquals("http://db1:8086", InfluxSettings.url("db1").toString(), "InfluxDB's port by default");
    assertEquals("https://db1:443/influx", InfluxSettings.url("HTTPS://db1/influx/").toString());
    assertEquals("http://[::1]:8086", InfluxSettings.url("http://[::1]:8086").toString());
  }

  @Test
  void badUrlsAreOneLineNamingTheProperty() {
    assertEquals("influxdb.url is not set", bad());
    assertEquals("influxdb.url 'ftp://db1' is not an http:// or https:// address", bad("influxdb.url", "ftp://db1"));
    assertEquals("influxdb.url 'http://db1:8086/?db=x' is not http[s]://host[:port][/path]",
        bad("influxdb.url", "http://db1:8086/?db=x"));
    String login = bad("influxdb.url", "http://kit:hunter2@db1:8086");
    assertEquals("influxdb.url holds a login; put it in influxdb.user and influxdb.password", login);
    assertFalse(login.contains("hunter2"));
  }

  @Test
  void batchSizeFromOneUp() {
    assertEquals(1, InfluxSettings.from(props("influxdb.url", "db1:8086", "influxdb.batch.size", "1")).batchSize());
    assertEquals("influxdb.batch.size '0' is not a whole number from 1 to 20000",
        bad("influxdb.url", "db1:8086", "influxdb.batch.size", "0"));
    assertEquals(1, InfluxSettings.from(props("influxdb.url", "db1:8086", "influxdb.requests.in.flight", "1"))
        .requestsInFlight());
    assertEquals("influxdb.requests.in.flight '0' is not a whole number from 1 to 1000",
        bad("influxdb.url", "db1:8086", "influxdb.requests.in.flight", "0"));
    assertEquals(Duration.ZERO, InfluxSettings.from(props("influxdb.url", "db1:8086", "influxdb.batch.linger.ms", "0"))
        .batchLinger());
    assertEquals("influxdb.batch.linger.ms '-1' is not a whole number from 0 to 60000",
        bad("influxdb.url", "db1:8086", "influxdb.batch.linger.ms", "-1"));
    assertEquals("influxdb.request.timeout.ms 'soon' is not a whole number of at least 1",
        bad("influxdb.url", "db1:8086", "influxdb.request.timeout.ms", "soon"));
  }

  @Test
  void loginComesWholeAndThePasswordIsNeverShown() {
    InfluxSettings s = InfluxSettings.from(props("influxdb.url", "db1:8086", "influxdb.user", " kit ",
        "influxdb.password", " pw with spaces "));
    assertEquals(Optional.of("kit"), s.user());
    assertEquals(Optional.of(" pw with spaces "), s.password(), "a password is not trimmed");
    assertFalse(s.toString().contains("pw with spaces"), s.toString());
    assertTrue(s.toString().contains("kit"));
    assertEquals("influxdb.password is set but influxdb.user is not",
        bad("influxdb.url", "db1:8086", "influxdb.password", "x"));
    assertEquals("influxdb.user is set but influxdb.password is not",
        bad("influxdb.url", "db1:8086", "influxdb.user", "kit"));
  }
}

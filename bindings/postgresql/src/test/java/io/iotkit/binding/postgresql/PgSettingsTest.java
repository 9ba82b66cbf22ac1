package io.iotkit.binding.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.HostPort;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class PgSettingsTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty(PgSettings.HOST, "db.example");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaults() {
    PgSettings s = PgSettings.from(props(PgSettings.PASSWORD, "s3cret"));
    assertEquals("db.example:5432", s.address());
    assertEquals("jdbc:postgresql://db.example:5432/iot", s.url());
    assertEquals(PgSettings.DEFAULT_BATCH_SIZE, s.batchSize());
    assertEquals("readings", s.table());
    assertEquals("true", s.connectionProperties().getProperty("reWriteBatchedInserts"));
    assertEquals("prefer", s.connectionProperties().getProperty("sslmode"));
    assertEquals("5", s.connectionProperties().getProperty("connectTimeout"), "seconds, as pgJDBC counts");
    assertFalse(s.toString().contains("s3cret"));
    assertFalse(s.url().contains("s3cret"));
  }

  @Test
  void standbysAreCountedAtTheirAddressWithTheSameLogin() {
    PgSettings s = PgSettings.from(props(PgSettings.STANDBYS, "db2.example:5433, db3.example"));
    assertEquals(List.of(new HostPort("db2.example", 5433), new HostPort("db3.example", 5432)), s.standbys());
    PgSettings standby = s.at(s.standbys().get(0));
    assertEquals("jdbc:postgresql://db2.example:5433/iot", standby.url());
    assertEquals(s.connectionProperties(), standby.connectionProperties());
    assertEquals(List.of(), PgSettings.from(props(PgSettings.PASSWORD, "p")).standbys(), "none unless named");
    assertThrows(BadPropertyException.class, () -> PgSettings.from(props(PgSettings.STANDBYS, "db2:port")));
  }

  @Test
  void aBatchOfOneWritesEachReadingAlone() {
    assertEquals(1, PgSettings.from(props(PgSettings.BATCH_SIZE, "1")).batchSize());
  }

  @Test
  void badValuesAreOneLineNamingTheProperty() {
    assertTrue(assertThrows(BadPropertyException.class, () -> PgSettings.from(props(PgSettings.BATCH_SIZE, "0")))
        .getMessage().contains(PgSettings.BATCH_SIZE));
    assertTrue(assertThrows(BadPropertyException.class, () -> PgSettings.from(props(PgSettings.TABLE, "Readings")))
        .getMessage().contains(PgSettings.TABLE));
    assertTrue(assertThrows(BadPropertyException.class, () -> PgSettings.from(props(PgSettings.SSL_MODE, "on")))
        .getMessage().contains(PgSettings.SSL_MODE));
    assertTrue(assertThrows(BadPropertyException.class, () -> PgSettings.from(props(PgSettings.PORT, "70000")))
        .getMessage().contains(PgSettings.PORT));
    assertTrue(assertThrows(BadPropertyException.class, () -> PgSettings.from(props("postgresql.jdbc.sslmodee",
        "require"))).getMessage().contains("postgresql.jdbc.sslmodee"));
  }

  @Test
  void driverExtrasPassButTheKitsOwnSettingsWin() {
    PgSettings s = PgSettings.from(props("postgresql.jdbc.tcpKeepAlive", "true",
        "postgresql.jdbc.reWriteBatchedInserts", "false"));
    assertEquals("true", s.connectionProperties().getProperty("tcpKeepAlive"));
    assertEquals("true", s.connectionProperties().getProperty("reWriteBatchedInserts"));
  }
}

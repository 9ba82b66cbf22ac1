package io.iotkit.binding.postgresql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PgServerSettingsTest {
  @Test
  void versionAndChangedSettingsWithoutConnectionStrings() throws SQLException {
    RecordedServer s = new RecordedServer().one(PgServerSettings.VERSION, "PostgreSQL 15.18 (Debian 15.18-0+deb12u1)")
        .answer(PgServerSettings.CHANGED, List.of(List.of("max_connections", "200", ""),
            List.of("shared_buffers", "16384", "8kB"), List.of("primary_conninfo", "host=a password=x", ""),
            List.of("ssl_key_passphrase", "x", "")));
    Map<String, String> m = PgServerSettings.read(s);
    assertEquals("PostgreSQL 15.18 (Debian 15.18-0+deb12u1)", m.get("version"));
    assertEquals("200", m.get("setting.max_connections"));
    assertEquals("16384 (8kB)", m.get("setting.shared_buffers"));
    assertFalse(m.containsKey("setting.primary_conninfo"));
    assertFalse(m.toString().contains("password"));
  }
}

package io.iotkit.binding.mysql;

import io.iotkit.binding.jdbc.Sql;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which server's catalogue is asked, and what the report gets from it. */
class ServerSettingsTest {
  private static final List<List<String>> CHANGED = List.of(List.of("MAX_CONNECTIONS", "1000"),
      List.of("innodb_buffer_pool_size", "1073741824"), List.of("ssl_key", "/etc/mysql/server-key.pem"),
      List.of("caching_sha2_password_private_key_path", "private_key.pem"), java.util.Arrays.asList("init_connect", null));

  private static Sql server(String version, String comment, String changedQuery) {
    return statement -> {
      if (statement.equals(ServerSettings.VERSION)) {
        return List.of(java.util.Arrays.asList(version, comment));
      }
      if (statement.equals(changedQuery)) {
        return CHANGED;
      }
      throw new SQLException("Table doesn't exist", "42S02", 1146);
    };
  }

  @Test
  void mariaDbReportsWhatItsSystemVariablesTableSaysWasSet() throws SQLException {
    Map<String, String> s = ServerSettings.read(server("11.4.3-MariaDB", "MariaDB Server",
        ServerSettings.MARIADB_CHANGED));
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("version", "11.4.3-MariaDB (MariaDB Server)");
    expected.put("setting.init_connect", "");
    expected.put("setting.innodb_buffer_pool_size", "1073741824");
    expected.put("setting.max_connections", "1000");
    expected.put("setting.ssl_key", "/etc/mysql/server-key.pem");
    assertEquals(expected, s);
    assertEquals(List.copyOf(expected.keySet()), List.copyOf(s.keySet()), "version first, then sorted by name");
  }

  @Test
  void mySqlReportsWhatVariablesInfoSaysWasNotCompiledIn() throws SQLException {
    Map<String, String> s = ServerSettings.read(server("8.4.3", "MySQL Community Server - GPL",
        ServerSettings.MYSQL_CHANGED));
    assertEquals("8.4.3 (MySQL Community Server - GPL)", s.get("version"));
    assertEquals("1000", s.get("setting.max_connections"));
    assertEquals(5, s.size(), "the password-named variable is left out: " + s);
  }
}

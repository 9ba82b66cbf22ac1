package io.iotkit.binding.postgresql;

import io.iotkit.binding.SecretNames;
import io.iotkit.binding.jdbc.Sql;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The server's version and the settings that differ from PostgreSQL's built-in defaults, as {@code pg_settings}
 * records where each value came from. Values the kit's own connection set (source client or session: its
 * time zone, encoding and application name) describe the connection, not the server, and values the server
 * derived itself (source override) are its own defaults for this machine: both are left out; so are
 * settings whose name suggests a credential and the connection strings a standby uses to reach its primary,
 * which may hold a password.
 */
final class PgServerSettings {
  static final String VERSION = "SELECT version()";
  static final String CHANGED = "SELECT name, setting, COALESCE(unit, '') FROM pg_settings"
      + " WHERE source NOT IN ('default', 'client', 'session', 'override') ORDER BY name";
  /** Connection strings: a password may be written in them. */
  private static final Set<String> CONNINFO = Set.of("primary_conninfo", "restore_command",
      "archive_command", "archive_cleanup_command", "recovery_end_command", "ssl_passphrase_command");

  private PgServerSettings() {
  }

  /** {@code version}, then {@code setting.<name>} per changed setting, sorted by name. */
  static Map<String, String> read(Sql sql) throws SQLException {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("version", sql.single(VERSION));
    for (List<String> row : sql.rows(CHANGED)) {
      String name = row.get(0).toLowerCase(Locale.ROOT);
      if (SecretNames.isSecret(name) || CONNINFO.contains(name)) {
        continue;
      }
      String value = row.get(1) == null ? "" : row.get(1);
      m.put("setting." + name, row.get(2).isEmpty() ? value : value + " (" + row.get(2) + ")");
    }
    return m;
  }
}

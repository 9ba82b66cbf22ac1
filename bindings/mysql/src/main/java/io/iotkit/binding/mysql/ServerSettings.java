package io.iotkit.binding.mysql;

import io.iotkit.binding.jdbc.Sql;
import io.iotkit.binding.SecretNames;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server's version and the global system variables that were set rather than left at their defaults, as the
 * server itself records where each value came from:
 * <ul>
 *   <li>MariaDB: {@code information_schema.SYSTEM_VARIABLES}, origin CONFIG (an option file), COMMAND-LINE or
 *       SQL (SET GLOBAL). Values the server sized by itself (AUTO) are its own defaults for this machine;</li>
 *   <li>MySQL 8.0 and later: {@code performance_schema.variables_info}, every source but COMPILED, with the
 *       value from {@code performance_schema.global_variables}.</li>
 * </ul>
 * Any user may read both. Variables whose name suggests a credential (or where one is kept) are left out.
 *
 * <p>Known gap (MariaDB 10.11): the character set and collation variables keep origin COMPILE-TIME, with a
 * DEFAULT_VALUE that follows the option, even when set on the command line; the server does not say they were
 * changed, so they are not reported. Comparing every GLOBAL_VALUE with DEFAULT_VALUE instead would report
 * dozens of values the server sized or derived by itself as changed settings.
 */
final class ServerSettings {
  static final String VERSION = "SELECT VERSION(), @@version_comment";
  static final String MARIADB_CHANGED = "SELECT VARIABLE_NAME, GLOBAL_VALUE FROM information_schema.SYSTEM_VARIABLES"
      + " WHERE GLOBAL_VALUE_ORIGIN IN ('CONFIG', 'COMMAND-LINE', 'SQL')";
  static final String MYSQL_CHANGED = "SELECT i.VARIABLE_NAME, g.VARIABLE_VALUE"
      + " FROM performance_schema.variables_info i JOIN performance_schema.global_variables g"
      + " ON g.VARIABLE_NAME = i.VARIABLE_NAME WHERE i.VARIABLE_SOURCE <> 'COMPILED'";
  private ServerSettings() {
  }

  /** {@code version}, then {@code setting.<variable>} per changed variable, sorted by name. */
  static Map<String, String> read(Sql sql) throws SQLException {
    List<String> v = sql.rows(VERSION).get(0);
    String version = v.get(0);
    String comment = v.get(1);
    Map<String, String> m = new LinkedHashMap<>();
    m.put("version", comment == null || comment.isBlank() ? version : version + " (" + comment + ")");
    // MariaDB says so in its version string; it has no variables_info, MySQL no SYSTEM_VARIABLES.
    boolean mariaDb = version.toLowerCase(Locale.ROOT).contains("mariadb");
    Map<String, String> changed = new TreeMap<>();
    for (List<String> row : sql.rows(mariaDb ? MARIADB_CHANGED : MYSQL_CHANGED)) {
      String name = row.get(0).toLowerCase(Locale.ROOT);
      if (!SecretNames.isSecret(name)) {
        changed.put("setting." + name, row.get(1) == null ? "" : row.get(1));
      }
    }
    m.putAll(changed);
    return m;
  }
}

package io.iotkit.server.postgresql;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The kit's database and login, as the binding's properties name them: the user, the database and the password's
 * SCRAM-SHA-256 verifier (or none, for a login without a password). The launcher only ever holds the verifier.
 *
 * @param user     the login, any text PostgreSQL takes as a role name (quoted in every statement)
 * @param database a lower-case identifier (the binding checked it)
 * @param verifier {@code SCRAM-SHA-256$...}, or null for a login without a password
 */
record Account(String user, String database, String verifier) {
  private static final Pattern VERIFIER = Pattern.compile("SCRAM-SHA-256\\$\\d+:[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+"
      + ":[A-Za-z0-9+/=]+");
  private static final Pattern DATABASE = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  /** @throws IllegalArgumentException (one line) for a file the kit did not write */
  static Account read(Path file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    Account a = new Account(p.getProperty("user", "iot"), p.getProperty("database", "iot"),
        p.getProperty("verifier"));
    if (a.user.isEmpty() || a.user.length() > 63 || a.user.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("the account file " + file + " names no usable user");
    }
    if (!DATABASE.matcher(a.database).matches()) {
      throw new IllegalArgumentException("the account file " + file + " names no usable database");
    }
    if (a.verifier != null && !VERIFIER.matcher(a.verifier).matches()) {
      throw new IllegalArgumentException("the account file " + file + " holds no SCRAM-SHA-256 verifier");
    }
    return a;
  }

  /**
   * The statements that make the login, let it read replication state and own its database, one per line for
   * postgres --single; with a replication role (and its password, which the server hashes), that role too.
   */
  String statements(String replicationRole, String replicationPassword) {
    StringBuilder s = new StringBuilder();
    s.append("CREATE ROLE ").append(quoted(user)).append(" LOGIN");
    if (verifier != null) {
      s.append(" PASSWORD '").append(verifier).append("'");
    }
    s.append(";\n");
    s.append("GRANT pg_monitor TO ").append(quoted(user)).append(";\n");
    s.append("CREATE DATABASE ").append(database).append(" OWNER ").append(quoted(user)).append(";\n");
    if (replicationRole != null) {
      s.append("CREATE ROLE ").append(replicationRole).append(" REPLICATION LOGIN PASSWORD '")
          .append(replicationPassword).append("';\n");
    }
    return s.toString();
  }

  /**
   * The whole pg_hba.conf: the kit's login into its database from anywhere (the driver instances may run on other
   * hosts), with SCRAM when it has a password; the replication role with SCRAM; nothing else over the network.
   */
  String hba(String replicationRole) {
    String method = verifier == null ? "trust" : "scram-sha-256";
    return "# written by the kit's launcher\n"
        + "host " + database + " " + quoted(user) + " all " + method + "\n"
        + "host replication " + replicationRole + " all scram-sha-256\n";
  }

  /** A role name as SQL and pg_hba.conf write it: in double quotes, a double quote doubled. */
  static String quoted(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}

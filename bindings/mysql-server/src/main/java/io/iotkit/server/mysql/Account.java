package io.iotkit.server.mysql;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The account and database the local server creates when it initialises a new data folder, read from a
 * properties file: {@code mysql.user} (default iot), {@code mysql.database} (default iot), and
 * {@code mysql.password.hash}, the server's own mysql_native_password hash, which the kit computes from the
 * binding properties (io.iotkit.binding.mysql.LocalMariaDb) so that no password is ever written to a file.
 * A plaintext {@code mysql.password} is refused. No hash means an empty password.
 *
 * <p>The account is created for the clients' address the launcher names: 127.0.0.1 for a server on loopback, any
 * host for one that other hosts' driver instances reach. It may also list the replicas ({@code SHOW SLAVE HOSTS}:
 * REPLICATION MASTER ADMIN), so that the binding's replication check reads the topology with the kit's own
 * login. It never prints the hash.
 */
final class Account {
  static final String USER = "mysql.user";
  static final String DATABASE = "mysql.database";
  /** Refused: the launcher takes the hash only. */
  static final String PASSWORD = "mysql.password";
  static final String PASSWORD_HASH = "mysql.password.hash";
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9_]{1,64}");
  private static final Pattern NATIVE_HASH = Pattern.compile("\\*[0-9A-F]{40}");

  private final String user;
  private final String database;
  /** "" for no password. */
  private final String passwordHash;

  private Account(String user, String database, String passwordHash) {
    this.user = user;
    this.database = database;
    this.passwordHash = passwordHash;
  }

  static Account defaults() {
    return of(new Properties());
  }

  static Account read(Path file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    return of(p);
  }

  static Account of(Properties p) {
    PropertyReader reader = new PropertyReader(p);
    String user = reader.string(USER, "iot");
    String database = reader.string(DATABASE, "iot");
    if (user.length() > 80) {
      throw new BadPropertyException(USER + " must be 1 to 80 characters");
    }
    if (!IDENTIFIER.matcher(database).matches()) {
      throw new BadPropertyException(DATABASE + " '" + database + "' must be 1 to 64 letters, digits or _");
    }
    String hash = reader.string(PASSWORD_HASH, "");
    if (!hash.isEmpty() && !NATIVE_HASH.matcher(hash).matches()) {
      throw new BadPropertyException(PASSWORD_HASH + " is not a mysql_native_password hash");
    }
    if (p.getProperty(PASSWORD) != null) {
      throw new BadPropertyException(PASSWORD + " is not accepted: the launcher takes " + PASSWORD_HASH
          + " only (bin/tpcx-iot.sh server -b mysql start computes it from the binding properties)");
    }
    return new Account(user, database, hash);
  }

  String user() {
    return user;
  }

  String database() {
    return database;
  }

  /**
   * Statements for {@code mariadbd --bootstrap} that create the database and the account.
   *
   * @param clientHost the host part of the account: an address, or % for any
   */
  String bootstrapSql(String clientHost) {
    String account = literal(user) + "@" + literal(clientHost);
    String auth = passwordHash.isEmpty() ? "IDENTIFIED BY ''" : "IDENTIFIED BY PASSWORD " + literal(passwordHash);
    return String.join("\n",
        // bootstrap mode starts without the grant tables; loading them makes the account statements work
        "FLUSH PRIVILEGES;",
        "CREATE DATABASE IF NOT EXISTS `" + database + "`;",
        "CREATE USER IF NOT EXISTS " + account + ";",
        "ALTER USER " + account + " " + auth + ";",
        "GRANT ALL PRIVILEGES ON `" + database + "`.* TO " + account + ";",
        "GRANT REPLICATION MASTER ADMIN ON *.* TO " + account + ";",
        "");
  }

  /** A MariaDB string literal; backslash is an escape character in the server's default SQL mode. */
  static String literal(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'";
  }

  @Override
  public String toString() {
    return "account " + user + " on database " + database;
  }
}

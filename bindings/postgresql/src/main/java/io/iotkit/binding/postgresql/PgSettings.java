package io.iotkit.binding.postgresql;

import io.iotkit.binding.jdbc.JdbcSettings;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.postgresql.PGProperty;

/**
 * The binding properties of a PostgreSQL SUT (see workloads/postgresql.properties), checked once. The password
 * goes only into {@link #connectionProperties()}, which the binding hands straight to pgJDBC: no URL, message or
 * {@code toString} here ever contains it.
 */
final class PgSettings implements JdbcSettings {
  static final String HOST = "postgresql.host";
  static final String PORT = "postgresql.port";
  static final String DATABASE = "postgresql.database";
  static final String TABLE = "postgresql.table";
  static final String USER = "postgresql.user";
  static final String PASSWORD = "postgresql.password";
  static final String BATCH_SIZE = "postgresql.batch.size";
  static final String CONNECT_TIMEOUT = "postgresql.connect.timeout.ms";
  /** How long one statement may wait for the server's answer: long enough for a large run's count and purge. */
  static final String SOCKET_TIMEOUT = "postgresql.socket.timeout.ms";
  static final String SSL_MODE = "postgresql.ssl.mode";
  /** The PEM file of the certificate authority that signed the server's certificate (pgJDBC's sslrootcert). */
  static final String SSL_ROOT_CERT = "postgresql.ssl.rootcert";
  /** The folder of the local server's programs, when not Debian's /usr/lib/postgresql/<major>/bin. */
  static final String LOCAL_BIN = "postgresql.local.bin";
  /** {@code postgresql.jdbc.NAME=VALUE} goes to pgJDBC as {@code NAME=VALUE}. */
  static final String JDBC_PREFIX = "postgresql.jdbc.";

  static final int DEFAULT_PORT = 5432;
  /** PostgreSQL's NAMEDATALEN - 1. */
  static final int MAX_NAME_LENGTH = 63;
  /** Lower case only: PostgreSQL folds unquoted names to lower case, and the kit's table is found by its name. */
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
  private static final Set<String> SSL_MODES = Set.of("disable", "allow", "prefer", "require", "verify-ca",
      "verify-full");

  private final String host;
  private final int port;
  private final String database;
  private final String table;
  private final String user;
  private final int batchSize;
  private final String sslMode;
  private final Properties connection;

  private PgSettings(String host, int port, String database, String table, String user, int batchSize,
                     String sslMode, Properties connection) {
    this.host = host;
    this.port = port;
    this.database = database;
    this.table = table;
    this.user = user;
    this.batchSize = batchSize;
    this.sslMode = sslMode;
    this.connection = connection;
  }

  /** @throws BadPropertyException naming the property when one is wrong */
  static PgSettings from(Properties p) {
    PropertyReader reader = new PropertyReader(p);
    String host = reader.required(HOST);
    int port = reader.intIn(PORT, DEFAULT_PORT, 1, 65_535);
    String database = identifier(reader, DATABASE, "iot");
    String table = identifier(reader, TABLE, "readings");
    String user = reader.string(USER, "iot");
    if (user.isEmpty() || user.length() > MAX_NAME_LENGTH) {
      throw new BadPropertyException(USER + " '" + user + "' must be 1 to " + MAX_NAME_LENGTH + " characters");
    }
    int batchSize = reader.intIn(BATCH_SIZE, 100, 1, 100_000);
    int connectTimeout = reader.intIn(CONNECT_TIMEOUT, 5_000, 1, 600_000);
    int socketTimeout = reader.intIn(SOCKET_TIMEOUT, 600_000, 1, 3_600_000);
    String sslMode = reader.oneOf(SSL_MODE, "prefer", SSL_MODES);

    Properties c = new Properties();
    // Extra driver properties first, so that the kit's own settings below always win.
    for (String k : p.stringPropertyNames()) {
      if (k.startsWith(JDBC_PREFIX) && k.length() > JDBC_PREFIX.length()) {
        String name = k.substring(JDBC_PREFIX.length());
        // pgJDBC ignores a name it does not know: a typo would silently change nothing.
        if (PGProperty.forName(name) == null) {
          throw new BadPropertyException(k + ": pgJDBC has no property '" + name + "'");
        }
        c.setProperty(name, p.getProperty(k).trim());
      }
    }
    c.setProperty("user", user);
    c.setProperty("password", p.getProperty(PASSWORD, ""));
    c.setProperty("sslmode", sslMode);
    reader.readableFile(SSL_ROOT_CERT).ifPresent(f -> c.setProperty("sslrootcert", f.toAbsolutePath().toString()));
    // pgJDBC counts its timeouts in seconds; a fraction of a second rounds up, so no timeout becomes 0 (none).
    c.setProperty("connectTimeout", Integer.toString(seconds(connectTimeout)));
    c.setProperty("socketTimeout", Integer.toString(seconds(socketTimeout)));
    // A JDBC batch of single-row INSERTs travels as multi-row INSERTs: one round trip for many readings.
    c.setProperty("reWriteBatchedInserts", "true");
    c.setProperty("ApplicationName", "tpcx-iot kit");
    return new PgSettings(host, port, database, table, user, batchSize, sslMode, c);
  }

  private static int seconds(int millis) {
    return (millis + 999) / 1000;
  }

  private static String identifier(PropertyReader reader, String key, String dflt) {
    String v = reader.string(key, dflt);
    if (!IDENTIFIER.matcher(v).matches()) {
      throw new BadPropertyException(key + " '" + v + "' must be 1 to 63 lower-case letters, digits or _, not"
          + " starting with a digit");
    }
    return v;
  }

  @Override
  public String address() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  /** The JDBC URL: address and database only; credentials and options travel in {@link #connectionProperties()}. */
  String url() {
    return "jdbc:postgresql://" + address() + "/" + database;
  }

  /** What pgJDBC gets: user, password, TLS, timeouts, batching and any postgresql.jdbc.* extras. */
  Properties connectionProperties() {
    Properties copy = new Properties();
    copy.putAll(connection);
    return copy;
  }

  @Override
  public String database() {
    return database;
  }

  @Override
  public String table() {
    return table;
  }

  @Override
  public String user() {
    return user;
  }

  @Override
  public int batchSize() {
    return batchSize;
  }

  String sslMode() {
    return sslMode;
  }

  @Override
  public String toString() {
    return "user " + user + " at " + address() + "/" + database + " (" + SSL_MODE + "=" + sslMode + ")";
  }
}

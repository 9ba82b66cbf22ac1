package io.iotkit.binding.mysql;

import io.iotkit.binding.SecretNames;
import io.iotkit.binding.jdbc.JdbcSettings;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import com.mysql.cj.conf.DefaultPropertySet;
import com.mysql.cj.exceptions.CJException;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The binding properties of a MySQL/MariaDB SUT (see workloads/mysql.properties), checked once. The password
 * goes only into {@link #connectionProperties()}, which the binding hands straight to the driver: no URL,
 * message or {@code toString} here ever contains it.
 */
final class MySqlSettings implements JdbcSettings {
  static final String HOST = "mysql.host";
  static final String PORT = "mysql.port";
  static final String DATABASE = "mysql.database";
  static final String TABLE = "mysql.table";
  static final String USER = "mysql.user";
  static final String PASSWORD = "mysql.password";
  static final String BATCH_SIZE = "mysql.batch.size";
  static final String CONNECT_TIMEOUT = "mysql.connect.timeout.ms";
  /**
   * How long one statement may wait for the server's answer before it fails (Connector/J's socketTimeout): long
   * enough for the master's count and purge of a large run, and a bound where there was none.
   */
  static final String SOCKET_TIMEOUT = "mysql.socket.timeout.ms";
  static final String SSL_MODE = "mysql.ssl.mode";
  static final String TRUSTSTORE = "mysql.ssl.truststore";
  static final String TRUSTSTORE_TYPE = "mysql.ssl.truststore.type";
  static final String TRUSTSTORE_PASSWORD = "mysql.ssl.truststore.password";
  static final String KEYSTORE = "mysql.ssl.keystore";
  static final String KEYSTORE_TYPE = "mysql.ssl.keystore.type";
  static final String KEYSTORE_PASSWORD = "mysql.ssl.keystore.password";
  /** {@code mysql.jdbc.NAME=VALUE} goes to Connector/J as {@code NAME=VALUE}. */
  static final String JDBC_PREFIX = "mysql.jdbc.";

  static final int DEFAULT_PORT = 3306;
  /** MariaDB's limit (MySQL's is 32, which the server itself enforces). */
  static final int MAX_USER_LENGTH = 80;
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9_]{1,64}");
  private static final Set<String> SSL_MODES = Set.of("DISABLED", "PREFERRED", "REQUIRED", "VERIFY_CA",
      "VERIFY_IDENTITY");

  private final String host;
  private final int port;
  private final String database;
  private final String table;
  private final String user;
  private final int batchSize;
  private final String sslMode;
  private final Properties connection;

  private MySqlSettings(String host, int port, String database, String table, String user, int batchSize,
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
  static MySqlSettings from(Properties p) {
    PropertyReader reader = new PropertyReader(p);
    String host = reader.required(HOST);
    int port = reader.intIn(PORT, DEFAULT_PORT, 1, 65_535);
    String database = identifier(reader, DATABASE, "iot");
    String table = identifier(reader, TABLE, "readings");
    String user = reader.string(USER, "iot");
    if (user.length() > MAX_USER_LENGTH) {
      throw new BadPropertyException(USER + " '" + user + "' is longer than " + MAX_USER_LENGTH + " characters");
    }
    int batchSize = reader.intIn(BATCH_SIZE, 100, 1, 100_000);
    int connectTimeout = reader.intIn(CONNECT_TIMEOUT, 5_000, 1, 600_000);
    int socketTimeout = reader.intIn(SOCKET_TIMEOUT, 600_000, 1, 3_600_000);
    String sslMode = reader.oneOf(SSL_MODE, "PREFERRED", SSL_MODES);

    Properties c = new Properties();
    // Extra driver properties first, so that the kit's own settings below always win.
    for (String k : p.stringPropertyNames()) {
      if (k.startsWith(JDBC_PREFIX) && k.length() > JDBC_PREFIX.length()) {
        c.setProperty(k.substring(JDBC_PREFIX.length()), p.getProperty(k));
      }
    }
    checkDriverProperties(p);
    c.setProperty("user", user);
    c.setProperty("password", p.getProperty(PASSWORD, ""));
    c.setProperty("sslMode", sslMode);
    c.setProperty("connectTimeout", Integer.toString(connectTimeout));
    c.setProperty("socketTimeout", Integer.toString(socketTimeout));
    // One multi-row INSERT per batch instead of one round trip per reading.
    c.setProperty("rewriteBatchedStatements", "true");
    // The driver tracks autocommit and isolation itself instead of asking the server each time.
    c.setProperty("useLocalSessionState", "true");
    // A window query and the session's read counters in one round trip (MySqlBinding.aggregate): the rows the
    // server read are measured without a second round trip in the query's time. Every statement binds its values.
    c.setProperty("allowMultiQueries", "true");
    store(p, c, TRUSTSTORE, "trustCertificateKeyStoreUrl", TRUSTSTORE_TYPE, "trustCertificateKeyStoreType",
        TRUSTSTORE_PASSWORD, "trustCertificateKeyStorePassword");
    store(p, c, KEYSTORE, "clientCertificateKeyStoreUrl", KEYSTORE_TYPE, "clientCertificateKeyStoreType",
        KEYSTORE_PASSWORD, "clientCertificateKeyStorePassword");
    return new MySqlSettings(host, port, database, table, user, batchSize, sslMode, c);
  }

  /**
   * Connector/J's own check of each mysql.jdbc.* extra, so that a value it cannot use is a bad property now rather
   * than a failed connection later. Its message shows the value, so a secret's is left out.
   */
  private static void checkDriverProperties(Properties p) {
    for (String k : p.stringPropertyNames()) {
      if (k.startsWith(JDBC_PREFIX) && k.length() > JDBC_PREFIX.length()) {
        Properties one = new Properties();
        one.setProperty(k.substring(JDBC_PREFIX.length()), p.getProperty(k).trim());
        try {
          new DefaultPropertySet().initializeProperties(one);
        } catch (CJException e) {
          throw new BadPropertyException(SecretNames.isSecret(k) ? k + " is not a value Connector/J accepts"
              : k + " '" + p.getProperty(k).trim() + "': " + e.getMessage());
        }
      }
    }
  }

  /** A key or trust store Connector/J opens: checked to open with its type and password first. */
  private static void store(Properties p, Properties c, String file, String urlKey, String type, String typeKey,
                            String password, String passwordKey) {
    PropertyReader reader = new PropertyReader(p);
    // Connector/J's default store type; the JDK's JKS reads PKCS12 files too.
    reader.keyStore(file, type, password, "JKS").ifPresent(path -> {
      c.setProperty(urlKey, path.toAbsolutePath().toUri().toString());
      reader.optional(type).ifPresent(t -> c.setProperty(typeKey, t));
      if (p.getProperty(password) != null) {
        c.setProperty(passwordKey, p.getProperty(password));
      }
    });
  }

  private static String identifier(PropertyReader reader, String key, String dflt) {
    String v = reader.string(key, dflt);
    if (!IDENTIFIER.matcher(v).matches()) {
      throw new BadPropertyException(key + " '" + v + "' must be 1 to 64 letters, digits or _");
    }
    return v;
  }

  /** host:port, as users write it (IPv6 literals in brackets). */
  @Override
  public String address() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  /** The JDBC URL: address and database only; credentials and options travel in {@link #connectionProperties()}. */
  String url() {
    return "jdbc:mysql://" + address() + "/" + database;
  }

  /** What Connector/J gets: user, password, TLS, timeouts, batching and any mysql.jdbc.* extras. */
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

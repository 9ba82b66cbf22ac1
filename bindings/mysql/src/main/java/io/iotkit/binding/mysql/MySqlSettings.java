package io.iotkit.binding.mysql;

import io.iotkit.binding.SecretNames;
import io.iotkit.binding.jdbc.JdbcBasics;
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
final class MySqlSettings extends JdbcSettings {
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
  /** Readings per batch when none is given: the study in docs/stores/mysql.md. */
  static final int DEFAULT_BATCH_SIZE = 100;

  /** MariaDB's limit (MySQL's is 32, which the server itself enforces). */
  static final int MAX_USER_LENGTH = 80;
  static final String PREFIX = "mysql.";
  private static final JdbcBasics.Names NAMES = new JdbcBasics.Names(Pattern.compile("[A-Za-z0-9_]{1,64}"),
      "1 to 64 letters, digits or _", MAX_USER_LENGTH);
  private static final Set<String> SSL_MODES = Set.of("DISABLED", "PREFERRED", "REQUIRED", "VERIFY_CA",
      "VERIFY_IDENTITY");

  private MySqlSettings(JdbcBasics basics, String sslMode, Properties connection) {
    super(basics, "mysql", SSL_MODE, sslMode, connection);
  }

  /** The same login, TLS and timeouts against another server, e.g. a replica the primary lists. */
  MySqlSettings at(String host, int port) {
    return new MySqlSettings(basics().at(host, port), sslMode(), connectionProperties());
  }

  /** @throws BadPropertyException naming the property when one is wrong */
  static MySqlSettings from(Properties p) {
    JdbcBasics basics = JdbcBasics.read(p, PREFIX, DEFAULT_PORT, DEFAULT_BATCH_SIZE, NAMES);
    PropertyReader reader = new PropertyReader(p);
    String sslMode = reader.oneOf(SSL_MODE, "PREFERRED", SSL_MODES);
    checkDriverProperties(p);
    Properties c = JdbcBasics.driverProperties(p, PREFIX, basics.user());
    c.setProperty("sslMode", sslMode);
    c.setProperty("connectTimeout", Integer.toString(basics.connectTimeoutMillis()));
    c.setProperty("socketTimeout", Integer.toString(basics.socketTimeoutMillis()));
    // One multi-row INSERT per batch instead of one round trip per reading.
    c.setProperty("rewriteBatchedStatements", "true");
    // The driver tracks autocommit and isolation itself instead of asking the server each time.
    c.setProperty("useLocalSessionState", "true");
    // A window query and the session's read counters in one round trip (the JDBC core's aggregate): the rows the
    // server read are measured without a second round trip in the query's time. Every statement binds its values.
    c.setProperty("allowMultiQueries", "true");
    store(p, c, TRUSTSTORE, "trustCertificateKeyStoreUrl", TRUSTSTORE_TYPE, "trustCertificateKeyStoreType",
        TRUSTSTORE_PASSWORD, "trustCertificateKeyStorePassword");
    store(p, c, KEYSTORE, "clientCertificateKeyStoreUrl", KEYSTORE_TYPE, "clientCertificateKeyStoreType",
        KEYSTORE_PASSWORD, "clientCertificateKeyStorePassword");
    return new MySqlSettings(basics, sslMode, c);
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
}

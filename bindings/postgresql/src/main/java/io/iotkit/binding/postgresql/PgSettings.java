package io.iotkit.binding.postgresql;

import io.iotkit.binding.jdbc.JdbcBasics;
import io.iotkit.binding.jdbc.JdbcSettings;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.HostPort;
import io.iotkit.binding.settings.PropertyReader;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.postgresql.PGProperty;

/**
 * The binding properties of a PostgreSQL SUT (see workloads/postgresql.properties), checked once. The password
 * goes only into {@link #connectionProperties()}, which the binding hands straight to pgJDBC: no URL, message or
 * {@code toString} here ever contains it.
 */
final class PgSettings extends JdbcSettings {
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
  /** The primary's standbys, host:port,...: where the binding counts their copies of the readings. */
  static final String STANDBYS = "postgresql.standbys";
  /** {@code postgresql.jdbc.NAME=VALUE} goes to pgJDBC as {@code NAME=VALUE}. */
  static final String JDBC_PREFIX = "postgresql.jdbc.";

  static final int DEFAULT_PORT = 5432;
  /** Readings per batch when none is given: the study in docs/stores/postgresql.md. */
  static final int DEFAULT_BATCH_SIZE = 400;

  /** PostgreSQL's NAMEDATALEN - 1. */
  static final int MAX_NAME_LENGTH = 63;
  /** Lower case only: PostgreSQL folds unquoted names to lower case, and the kit's table is found by its name. */
  static final String PREFIX = "postgresql.";
  private static final JdbcBasics.Names NAMES = new JdbcBasics.Names(Pattern.compile("[a-z_][a-z0-9_]{0,62}"),
      "1 to 63 lower-case letters, digits or _, not starting with a digit", MAX_NAME_LENGTH);
  private static final Set<String> SSL_MODES = Set.of("disable", "allow", "prefer", "require", "verify-ca",
      "verify-full");

  private final List<HostPort> standbys;

  private PgSettings(JdbcBasics basics, String sslMode, Properties connection, List<HostPort> standbys) {
    super(basics, "postgresql", SSL_MODE, sslMode, connection);
    this.standbys = standbys;
  }

  /** The standbys named by {@value #STANDBYS}; none when it is not given. */
  List<HostPort> standbys() {
    return standbys;
  }

  /** The same login, TLS and timeouts against another server, e.g. a standby. */
  PgSettings at(HostPort server) {
    return new PgSettings(basics().at(server.host(), server.port()), sslMode(), connectionProperties(), List.of());
  }

  /** @throws BadPropertyException naming the property when one is wrong */
  static PgSettings from(Properties p) {
    JdbcBasics basics = JdbcBasics.read(p, PREFIX, DEFAULT_PORT, DEFAULT_BATCH_SIZE, NAMES);
    PropertyReader reader = new PropertyReader(p);
    String sslMode = reader.oneOf(SSL_MODE, "prefer", SSL_MODES);
    for (String k : p.stringPropertyNames()) {
      String name = k.substring(Math.min(k.length(), JDBC_PREFIX.length()));
      // pgJDBC ignores a name it does not know: a typo would silently change nothing.
      if (k.startsWith(JDBC_PREFIX) && !name.isEmpty() && PGProperty.forName(name) == null) {
        throw new BadPropertyException(k + ": pgJDBC has no property '" + name + "'");
      }
    }
    Properties c = JdbcBasics.driverProperties(p, PREFIX, basics.user());
    c.setProperty("sslmode", sslMode);
    reader.readableFile(SSL_ROOT_CERT).ifPresent(f -> c.setProperty("sslrootcert", f.toAbsolutePath().toString()));
    // pgJDBC counts its timeouts in seconds; a fraction of a second rounds up, so no timeout becomes 0 (none).
    c.setProperty("connectTimeout", Integer.toString(seconds(basics.connectTimeoutMillis())));
    c.setProperty("socketTimeout", Integer.toString(seconds(basics.socketTimeoutMillis())));
    // A JDBC batch of single-row INSERTs travels as multi-row INSERTs: one round trip for many readings.
    c.setProperty("reWriteBatchedInserts", "true");
    c.setProperty("ApplicationName", "tpcx-iot kit");
    List<HostPort> standbys = reader.optional(STANDBYS).map(v -> HostPort.list(STANDBYS, v, DEFAULT_PORT))
        .orElse(List.of());
    return new PgSettings(basics, sslMode, c, standbys);
  }

  private static int seconds(int millis) {
    return (millis + 999) / 1000;
  }
}

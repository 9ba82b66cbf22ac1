package io.iotkit.binding.jdbc;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import java.time.Duration;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The binding properties every SQL binding reads alike, each under its own prefix ({@code mysql.},
 * {@code postgresql.}): the server's address, database, table, login, batch size and timeouts, and the
 * {@code <prefix>jdbc.NAME=VALUE} extras handed to the driver as they are. What differs between drivers (TLS
 * modes, timeout units, how an extra is checked) stays with the dialect's settings.
 *
 * @param connectTimeoutMillis how long a connection may take to open
 * @param socketTimeoutMillis how long one statement may wait for the server's answer: long enough for the
 *     master's count and purge of a large run, and a bound where there was none
 * @param batchLinger how long a partial batch's oldest reading may wait before a paced thread sends the
 *     batch unfilled; 0 waits for a full batch
 */
public record JdbcBasics(String host, int port, String database, String table, String user, int batchSize,
                         Duration batchLinger, int connectTimeoutMillis, int socketTimeoutMillis) {
  /** The default linger: the kit's Kafka producer's, a wait a paced reading hardly notices beside a commit. */
  public static final int DEFAULT_LINGER_MILLIS = 5;

  /** How a server family names things: its identifier rule (and the words for it) and its longest login. */
  public record Names(Pattern identifier, String identifierRule, int maxUserLength) {
  }

  /**
   * @param defaultBatchSize the dialect's batch size when none is given: each server's from a study of it (its
   *     store page)
   * @throws BadPropertyException naming the property when one is wrong
   */
  public static JdbcBasics read(Properties p, String prefix, int defaultPort, int defaultBatchSize, Names names) {
    PropertyReader reader = new PropertyReader(p);
    String host = reader.required(prefix + "host");
    int port = reader.intIn(prefix + "port", defaultPort, 1, 65_535);
    String database = identifier(reader, prefix + "database", "iot", names);
    String table = identifier(reader, prefix + "table", "readings", names);
    String user = reader.string(prefix + "user", "iot");
    if (user.isEmpty() || user.length() > names.maxUserLength()) {
      throw new BadPropertyException(prefix + "user '" + user + "' must be 1 to " + names.maxUserLength()
          + " characters");
    }
    int batchSize = reader.intIn(prefix + "batch.size", defaultBatchSize, 1, 100_000);
    Duration linger = reader.batchLinger(prefix + "batch.linger.ms", DEFAULT_LINGER_MILLIS);
    int connectTimeout = reader.intIn(prefix + "connect.timeout.ms", 5_000, 1, 600_000);
    int socketTimeout = reader.intIn(prefix + "socket.timeout.ms", 600_000, 1, 3_600_000);
    return new JdbcBasics(host, port, database, table, user, batchSize, linger, connectTimeout, socketTimeout);
  }

  /** The same settings against another server (a replica, a standby). */
  public JdbcBasics at(String otherHost, int otherPort) {
    return new JdbcBasics(otherHost, otherPort, database, table, user, batchSize, batchLinger,
        connectTimeoutMillis, socketTimeoutMillis);
  }

  private static String identifier(PropertyReader reader, String key, String dflt, Names names) {
    String v = reader.string(key, dflt);
    if (!names.identifier().matcher(v).matches()) {
      throw new BadPropertyException(key + " '" + v + "' must be " + names.identifierRule());
    }
    return v;
  }

  /**
   * The driver's properties to start from: the {@code <prefix>jdbc.*} extras (so that the kit's own settings,
   * set after them, always win), then the login; the password only ever travels here.
   */
  public static Properties driverProperties(Properties p, String prefix, String user) {
    Properties c = new Properties();
    String extras = prefix + "jdbc.";
    for (String k : p.stringPropertyNames()) {
      if (k.startsWith(extras) && k.length() > extras.length()) {
        c.setProperty(k.substring(extras.length()), p.getProperty(k).trim());
      }
    }
    c.setProperty("user", user);
    c.setProperty("password", p.getProperty(prefix + "password", ""));
    return c;
  }

  /** host:port, as users write it (IPv6 literals in brackets). */
  public String address() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}

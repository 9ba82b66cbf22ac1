package io.iotkit.binding.influxdb;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.PropertyReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;

/**
 * The binding properties of binding "influxdb", checked once (a bad one is a {@link BadPropertyException} naming
 * it). The password is kept as given (not trimmed), and never shown: {@link #toString()} leaves it out.
 *
 * @param url            the HTTP API's base address, e.g. http://db1:8086
 * @param database       the database the readings go to (created by the kit if missing)
 * @param batchSize      readings per write request (1 writes each reading alone)
 * @param batchLinger    how long a partial batch's oldest reading may wait before a paced thread sends the batch
 *                       unfilled; zero waits for a full batch
 * @param requestsInFlight write requests an insert thread may have unanswered; its next write waits for one
 * @param user           the login, if the server has authentication on
 * @param password       its password, given with the user
 * @param connectTimeout how long a connection may take to open
 * @param requestTimeout how long one request may take to be answered
 */
public record InfluxSettings(URI url, String database, int batchSize, Duration batchLinger, int requestsInFlight,
                             Optional<String> user,
                             Optional<String> password, Duration connectTimeout, Duration requestTimeout) {
  public static final String URL = "influxdb.url";
  public static final String DATABASE = "influxdb.database";
  public static final String BATCH_SIZE = "influxdb.batch.size";
  public static final String BATCH_LINGER = "influxdb.batch.linger.ms";
  public static final String REQUESTS_IN_FLIGHT = "influxdb.requests.in.flight";
  public static final String USER = "influxdb.user";
  public static final String PASSWORD = "influxdb.password";
  public static final String CONNECT_TIMEOUT = "influxdb.connect.timeout.ms";
  public static final String REQUEST_TIMEOUT = "influxdb.request.timeout.ms";
  /** The local server's influxd, when it is not on the PATH (the kit looks there and in /usr/bin). */
  public static final String LOCAL_INFLUXD = "influxdb.local.influxd";

  static final int DEFAULT_BATCH = 500;
  /** The kit's Kafka producer's linger: a wait a paced reading hardly notices beside a request's fsync. */
  static final int DEFAULT_LINGER_MILLIS = 5;
  /**
   * Enough to keep the server busy while a request is answered; few enough that small batches do not open a
   * connection per reading (HTTP/1.1 carries one request at a time per connection).
   */
  static final int DEFAULT_REQUESTS_IN_FLIGHT = 4;
  /** InfluxDB's default limit on a request body is 25 MB; 20,000 readings of 1 KB stay below it. */
  static final int MAX_BATCH = 20_000;

  public static InfluxSettings from(Properties properties) {
    PropertyReader r = new PropertyReader(properties);
    URI url = url(r.required(URL));
    String database = r.string(DATABASE, "iot");
    if (database.contains("\n") || database.contains("\r")) {
      throw new BadPropertyException(DATABASE + " may not span lines");
    }
    int batch = r.intIn(BATCH_SIZE, DEFAULT_BATCH, 1, MAX_BATCH);
    Duration linger = r.batchLinger(BATCH_LINGER, DEFAULT_LINGER_MILLIS);
    int inFlight = r.intIn(REQUESTS_IN_FLIGHT, DEFAULT_REQUESTS_IN_FLIGHT, 1, 1_000);
    Optional<String> user = r.optional(USER);
    String pw = properties.getProperty(PASSWORD, "");
    Optional<String> password = pw.isEmpty() ? Optional.empty() : Optional.of(pw);
    if (password.isPresent() && user.isEmpty()) {
      throw new BadPropertyException(PASSWORD + " is set but " + USER + " is not");
    }
    if (user.isPresent() && password.isEmpty()) {
      throw new BadPropertyException(USER + " is set but " + PASSWORD + " is not");
    }
    Duration connect = Duration.ofMillis(r.intIn(CONNECT_TIMEOUT, 5_000, 1, Integer.MAX_VALUE));
    Duration request = Duration.ofMillis(r.intIn(REQUEST_TIMEOUT, 60_000, 1, Integer.MAX_VALUE));
    return new InfluxSettings(url, database, batch, linger, inFlight, user, password, connect, request);
  }

  /**
   * {@code http://host:port} or {@code https://host:port}, or {@code host:port} (taken as http), without a
   * query; a trailing slash is dropped.
   */
  static URI url(String value) {
    String v = value.contains("://") ? value : "http://" + value;
    URI u;
    try {
      u = new URI(v);
    } catch (URISyntaxException e) {
      throw new BadPropertyException(URL + (v.contains("@") ? "" : " '" + value + "'") + " is not a URL");
    }
    if (!"http".equalsIgnoreCase(u.getScheme()) && !"https".equalsIgnoreCase(u.getScheme())) {
      throw new BadPropertyException(URL + " '" + value + "' is not an http:// or https:// address");
    }
    if (u.getRawUserInfo() != null) {
      // the value is not shown: it holds a login
      throw new BadPropertyException(URL + " holds a login; put it in " + USER + " and " + PASSWORD);
    }
    if (u.getHost() == null || u.getRawQuery() != null || u.getRawFragment() != null) {
      throw new BadPropertyException(URL + " '" + value + "' is not http[s]://host[:port][/path]");
    }
    String path = u.getRawPath() == null ? "" : u.getRawPath().replaceAll("/+$", "");
    int port = u.getPort() == -1 ? ("https".equalsIgnoreCase(u.getScheme()) ? 443 : 8086) : u.getPort();
    String host = u.getHost().contains(":") && !u.getHost().startsWith("[") ? "[" + u.getHost() + "]" : u.getHost();
    return URI.create(u.getScheme().toLowerCase(java.util.Locale.ROOT) + "://" + host + ":" + port + path);
  }

  /** The address for messages: the URL (it holds no credentials). */
  String address() {
    return url.toString();
  }

  @Override
  public String toString() {
    return "InfluxSettings[url=" + url + ", database=" + database + ", batchSize=" + batchSize + ", batchLinger="
        + batchLinger + ", requestsInFlight=" + requestsInFlight + ", user=" + user.orElse("(none)") + "]";
  }
}

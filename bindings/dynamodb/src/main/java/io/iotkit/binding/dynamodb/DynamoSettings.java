package io.iotkit.binding.dynamodb;

import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.HostPort;
import io.iotkit.binding.settings.PropertyReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The binding properties of binding "dynamodb", checked once (a bad one is a {@link BadPropertyException} naming
 * it). The secret access key and the session token are kept as given and never shown: {@link #toString()} leaves
 * them out, and the SDK gets them as a credentials object.
 *
 * @param endpoint       the endpoint the client talks to, or empty for the SDK's own endpoint of the region
 *                       ({@value #AWS}: DynamoDB itself)
 * @param region         the region to sign for, or empty for the SDK's default chain (AWS_REGION, the profile, ...)
 * @param accessKeyId    the access key's id, or empty for the SDK's default credentials chain
 * @param secretAccessKey its secret, given with the id
 * @param sessionToken   a temporary credential's session token, with the key
 * @param table          the table of the readings
 * @param batchSize      readings per BatchWriteItem (DynamoDB takes at most 25)
 * @param batchLinger    how long a partial batch's oldest reading may wait before a paced thread sends the batch
 *                       unfilled; zero waits for a full batch
 * @param requestsInFlight BatchWriteItem requests one insert thread's binding has out at once
 * @param retryTimeout   how long a batch's unprocessed or throttled items are retried before their readings fail
 * @param timeout        how long one request may take (the SDK's API call timeout)
 * @param capacity       how the table the binding creates is billed: on demand, or provisioned units
 */
public record DynamoSettings(Optional<URI> endpoint, Optional<String> region, Optional<String> accessKeyId,
                             Optional<String> secretAccessKey, Optional<String> sessionToken, String table,
                             int batchSize, Duration batchLinger, int requestsInFlight, Duration retryTimeout,
                             Duration timeout, Capacity capacity) {
  public static final String ENDPOINT = "dynamodb.endpoint";
  public static final String REGION = "dynamodb.region";
  public static final String ACCESS_KEY_ID = "dynamodb.access.key.id";
  public static final String SECRET_ACCESS_KEY = "dynamodb.secret.access.key";
  public static final String SESSION_TOKEN = "dynamodb.session.token";
  public static final String TABLE = "dynamodb.table";
  public static final String BATCH_SIZE = "dynamodb.batch.size";
  public static final String BATCH_LINGER = "dynamodb.batch.linger.ms";
  public static final String REQUESTS_IN_FLIGHT = "dynamodb.requests.in.flight";
  public static final String RETRY_TIMEOUT = "dynamodb.retry.timeout.ms";
  public static final String TIMEOUT = "dynamodb.timeout.ms";
  public static final String BILLING_MODE = "dynamodb.billing.mode";
  public static final String WRITE_CAPACITY_UNITS = "dynamodb.write.capacity.units";
  public static final String READ_CAPACITY_UNITS = "dynamodb.read.capacity.units";
  static final String ON_DEMAND = "on-demand";
  static final String PROVISIONED = "provisioned";

  /**
   * How the table the binding creates is billed: on demand (PAY_PER_REQUEST), or with provisioned read and write
   * capacity units, beyond which DynamoDB throttles (the binding retries throttled requests and counts them).
   *
   * @param provisioned whether capacity is provisioned
   * @param writeUnits write capacity units (provisioned only; 0 on demand)
   * @param readUnits read capacity units (provisioned only; 0 on demand)
   */
  public record Capacity(boolean provisioned, long writeUnits, long readUnits) {
    static final Capacity ON_DEMAND = new Capacity(false, 0, 0);

    /** In DynamoDB's own terms for the mode: "PAY_PER_REQUEST", or "PROVISIONED (200 WCU, 100 RCU)". */
    public String text() {
      return provisioned ? "PROVISIONED (" + writeUnits + " WCU, " + readUnits + " RCU)" : "PAY_PER_REQUEST";
    }
  }

  /** The endpoint value that means DynamoDB itself at the SDK's endpoint for the region. */
  static final String AWS = "aws";
  /** DynamoDB's own limit on the requests of one BatchWriteItem. */
  static final int MAX_BATCH = 25;
  /**
   * No linger by default: paced at 1,000 readings a second over an instance's 10 insert threads, a 5 ms linger
   * sent every reading in a request of its own, which cost the SDK's client 1.3 CPU s/s and left the local emulator behind
   * (773 of 1,000 readings a second; docs/stores/dynamodb.md). Set it where the client has CPU to spare.
   */
  static final int DEFAULT_LINGER_MILLIS = 0;
  /** The region a non-AWS endpoint is signed for when none is given: an emulator takes any. */
  static final String LOCAL_REGION = "us-east-1";

  public static DynamoSettings from(Properties properties) {
    PropertyReader r = new PropertyReader(properties);
    Optional<URI> endpoint = endpoint(r.required(ENDPOINT));
    Optional<String> region = r.optional(REGION);
    if (region.isPresent() && !region.get().matches("[a-z]{2}(-[a-z0-9]+)+-[0-9]+")) {
      throw new BadPropertyException(REGION + " '" + region.get() + "' is not a region name (e.g. eu-west-1)");
    }
    if (region.isEmpty() && endpoint.isPresent() && !awsHost(endpoint.get().getHost())) {
      region = Optional.of(LOCAL_REGION);
    }
    Optional<String> id = r.optional(ACCESS_KEY_ID);
    String secretValue = properties.getProperty(SECRET_ACCESS_KEY, "");
    Optional<String> secret = secretValue.isEmpty() ? Optional.empty() : Optional.of(secretValue);
    String tokenValue = properties.getProperty(SESSION_TOKEN, "");
    Optional<String> token = tokenValue.isEmpty() ? Optional.empty() : Optional.of(tokenValue);
    if (id.isPresent() && secret.isEmpty()) {
      throw new BadPropertyException(ACCESS_KEY_ID + " is set but " + SECRET_ACCESS_KEY + " is not");
    }
    if (secret.isPresent() && id.isEmpty()) {
      throw new BadPropertyException(SECRET_ACCESS_KEY + " is set but " + ACCESS_KEY_ID + " is not");
    }
    if (token.isPresent() && id.isEmpty()) {
      throw new BadPropertyException(SESSION_TOKEN + " is set but " + ACCESS_KEY_ID + " and " + SECRET_ACCESS_KEY
          + " are not");
    }
    String table = r.string(TABLE, "iot_readings");
    if (!table.matches("[A-Za-z0-9_.-]{3,255}")) {
      throw new BadPropertyException(TABLE + " '" + table + "' is not a table name (3 to 255 letters, digits, _, -"
          + " and .)");
    }
    int batch = r.intIn(BATCH_SIZE, MAX_BATCH, 1, MAX_BATCH);
    Duration linger = r.batchLinger(BATCH_LINGER, DEFAULT_LINGER_MILLIS);
    int inFlight = r.intIn(REQUESTS_IN_FLIGHT, 2, 1, 1_000);
    Duration retry = Duration.ofMillis(r.intIn(RETRY_TIMEOUT, 60_000, 1, Integer.MAX_VALUE));
    Duration timeout = Duration.ofMillis(r.intIn(TIMEOUT, 30_000, 1, Integer.MAX_VALUE));
    return new DynamoSettings(endpoint, region, id, secret, token, table, batch, linger, inFlight, retry, timeout,
        capacity(r));
  }

  /** On demand unless provisioned, and then both units given: a table billed half one way is no setting. */
  private static Capacity capacity(PropertyReader r) {
    boolean provisioned = r.oneOf(BILLING_MODE, ON_DEMAND, Set.of(ON_DEMAND, PROVISIONED)).equals(PROVISIONED);
    Optional<Long> write = r.optionalLongIn(WRITE_CAPACITY_UNITS, 1, 1_000_000_000L);
    Optional<Long> read = r.optionalLongIn(READ_CAPACITY_UNITS, 1, 1_000_000_000L);
    if (!provisioned) {
      if (write.isPresent() || read.isPresent()) {
        throw new BadPropertyException(WRITE_CAPACITY_UNITS + " and " + READ_CAPACITY_UNITS + " go with "
            + BILLING_MODE + "=" + PROVISIONED + "; an on-demand table has no units");
      }
      return Capacity.ON_DEMAND;
    }
    if (write.isEmpty() || read.isEmpty()) {
      throw new BadPropertyException(BILLING_MODE + "=" + PROVISIONED + " needs " + WRITE_CAPACITY_UNITS + " and "
          + READ_CAPACITY_UNITS + " (each at least 1)");
    }
    return new Capacity(true, write.get(), read.get());
  }

  /**
   * {@value #AWS}, {@code http(s)://host[:port]}, or {@code host:port} (plain HTTP, as the kit's local server
   * gives it).
   */
  static Optional<URI> endpoint(String value) {
    if (value.equalsIgnoreCase(AWS)) {
      return Optional.empty();
    }
    String text = value.contains("://") ? value : "http://" + value;
    URI uri;
    try {
      uri = new URI(text);
    } catch (URISyntaxException e) {
      throw bad(value);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    boolean plainPath = uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/");
    if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null || uri.getUserInfo() != null
        || !plainPath || uri.getQuery() != null || uri.getFragment() != null
        || (!value.contains("://") && uri.getPort() < 1) || uri.getPort() > 65_535) {
      throw bad(value);
    }
    return Optional.of(URI.create(scheme + "://" + uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "")));
  }

  private static BadPropertyException bad(String value) {
    return new BadPropertyException(ENDPOINT + " '" + value + "' is not an endpoint (http://host:port,"
        + " https://host, host:port, or " + AWS + " for DynamoDB at the region's own endpoint)");
  }

  /** Whether this is AWS's DynamoDB: its own endpoint for the region, or any host under amazonaws.com(.cn). */
  boolean aws() {
    return endpoint.isEmpty() || awsHost(endpoint.get().getHost());
  }

  static boolean awsHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    return h.endsWith(".amazonaws.com") || h.endsWith(".amazonaws.com.cn");
  }

  /** The endpoint's host and port (the scheme's port when it names none), or empty for the region's endpoint. */
  Optional<HostPort> endpointAddress() {
    return endpoint.map(u -> new HostPort(u.getHost(),
        u.getPort() >= 0 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80));
  }

  /** The address for messages: the endpoint, or the region's own endpoint (neither holds credentials). */
  String address() {
    return endpoint.map(URI::toString)
        .orElse("DynamoDB's endpoint of region " + region.orElse("(the SDK's default region)"));
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "DynamoSettings[endpoint=%s, region=%s, accessKeyId=%s, table=%s,"
        + " batchSize=%d]", endpoint.map(URI::toString).orElse(AWS), region.orElse("(default chain)"),
        accessKeyId.orElse("(default chain)"), table, batchSize);
  }
}

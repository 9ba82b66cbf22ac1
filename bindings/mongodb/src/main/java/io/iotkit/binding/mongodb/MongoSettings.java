package io.iotkit.binding.mongodb;

import com.mongodb.WriteConcern;
import io.iotkit.binding.settings.BadPropertyException;
import io.iotkit.binding.settings.HostPort;
import io.iotkit.binding.settings.PropertyReader;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The binding properties of binding "mongodb", checked once (a bad one is a {@link BadPropertyException} naming
 * it). The password is kept as given (not trimmed) and never shown: {@link #toString()} leaves it out, and the
 * driver gets it as a credential object, never inside a connection string.
 *
 * @param hosts        the servers to reach first (a replica set's seed list, or one mongod or mongos)
 * @param replicaSet   the replica set's name, when the hosts are members of one
 * @param database     the database of the readings
 * @param collection   the collection of the readings
 * @param batchSize    readings per insertMany
 * @param batchLinger  how long a partial batch's oldest reading may wait before a paced thread sends the batch
 *                     unfilled; zero waits for a full batch
 * @param w            the write concern's w: "majority" or a number of members (at least 1)
 * @param journal      whether the write concern asks for the journal (j: true)
 * @param user         the login, if the server has authentication on
 * @param password     its password, given with the user
 * @param authDatabase the database the user is defined in
 * @param connectTimeout how long a connection may take to open
 * @param timeout      how long the driver may wait to find a server, and the write concern's wtimeout
 */
public record MongoSettings(List<HostPort> hosts, Optional<String> replicaSet, String database, String collection,
                            int batchSize, Duration batchLinger, String w, boolean journal, Optional<String> user,
                            Optional<String> password, String authDatabase, Duration connectTimeout,
                            Duration timeout) {
  public static final String HOSTS = "mongodb.hosts";
  public static final String REPLICA_SET = "mongodb.replica.set";
  public static final String DATABASE = "mongodb.database";
  public static final String COLLECTION = "mongodb.collection";
  public static final String BATCH_SIZE = "mongodb.batch.size";
  public static final String BATCH_LINGER = "mongodb.batch.linger.ms";
  public static final String WRITE_CONCERN = "mongodb.write.concern";
  public static final String JOURNAL = "mongodb.journal";
  public static final String USER = "mongodb.user";
  public static final String PASSWORD = "mongodb.password";
  public static final String AUTH_DATABASE = "mongodb.auth.database";
  public static final String CONNECT_TIMEOUT = "mongodb.connect.timeout.ms";
  public static final String TIMEOUT = "mongodb.timeout.ms";

  static final int DEFAULT_PORT = 27017;
  static final int DEFAULT_BATCH = 500;
  /** The default linger: the kit's Kafka producer's, a wait a paced reading hardly notices beside a write. */
  static final int DEFAULT_LINGER_MILLIS = 5;
  /** MongoDB's own limit on the writes of one batch (maxWriteBatchSize). */
  static final int MAX_BATCH = 100_000;
  static final String MAJORITY = "majority";

  public static MongoSettings from(Properties properties) {
    PropertyReader r = new PropertyReader(properties);
    List<HostPort> hosts = r.hostPorts(HOSTS, r.required(HOSTS), DEFAULT_PORT);
    Optional<String> replicaSet = r.optional(REPLICA_SET);
    String database = r.string(DATABASE, "iot");
    if (!database.matches("[A-Za-z0-9_-]{1,63}")) {
      throw new BadPropertyException(DATABASE + " '" + database + "' is not a database name (letters, digits, _ and"
          + " -, at most 63)");
    }
    String collection = r.string(COLLECTION, "readings");
    if (!collection.matches("[A-Za-z0-9_.-]{1,120}") || collection.startsWith("system.")) {
      throw new BadPropertyException(COLLECTION + " '" + collection + "' is not a collection name (letters, digits,"
          + " _, - and ., not system.*)");
    }
    int batch = r.intIn(BATCH_SIZE, DEFAULT_BATCH, 1, MAX_BATCH);
    Duration linger = r.batchLinger(BATCH_LINGER, DEFAULT_LINGER_MILLIS);
    String w = w(r.string(WRITE_CONCERN, MAJORITY));
    boolean journal = r.bool(JOURNAL, true);
    Optional<String> user = r.optional(USER);
    String pw = properties.getProperty(PASSWORD, "");
    Optional<String> password = pw.isEmpty() ? Optional.empty() : Optional.of(pw);
    if (password.isPresent() && user.isEmpty()) {
      throw new BadPropertyException(PASSWORD + " is set but " + USER + " is not");
    }
    if (user.isPresent() && password.isEmpty()) {
      throw new BadPropertyException(USER + " is set but " + PASSWORD + " is not");
    }
    String authDatabase = r.string(AUTH_DATABASE, "admin");
    Duration connect = Duration.ofMillis(r.intIn(CONNECT_TIMEOUT, 5_000, 1, Integer.MAX_VALUE));
    Duration timeout = Duration.ofMillis(r.intIn(TIMEOUT, 30_000, 1, Integer.MAX_VALUE));
    return new MongoSettings(hosts, replicaSet, database, collection, batch, linger, w, journal, user, password,
        authDatabase, connect, timeout);
  }

  /** "majority" (any case) or a whole number of members from 1 to 50; 0 (unacknowledged) is refused. */
  private static String w(String value) {
    if (value.equalsIgnoreCase(MAJORITY)) {
      return MAJORITY;
    }
    try {
      int n = Integer.parseInt(value);
      if (n >= 1 && n <= 50) {
        return Integer.toString(n);
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new BadPropertyException(WRITE_CONCERN + " '" + value + "' is not majority or a number of members from 1"
        + " to 50 (0, unacknowledged writes, cannot count as ingested)");
  }

  /** The driver's write concern: w, the journal, and the driver's timeout as wtimeout. */
  WriteConcern writeConcern() {
    WriteConcern c = MAJORITY.equals(w) ? WriteConcern.MAJORITY : new WriteConcern(Integer.parseInt(w));
    return c.withJournal(journal).withWTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The write concern as MongoDB writes it, e.g. {@code {w: "majority", j: true}}. */
  String writeConcernText() {
    return "{w: " + (MAJORITY.equals(w) ? "\"majority\"" : w) + ", j: " + journal + ", wtimeout: "
        + timeout.toMillis() + "}";
  }

  /** The address for messages: the hosts and the set's name (they hold no credentials). */
  String address() {
    String list = String.join(",", hosts.stream().map(HostPort::toString).toList());
    return replicaSet.map(s -> list + " (replica set " + s + ")").orElse(list);
  }

  /** The collection's full name, database.collection. */
  String namespace() {
    return database + "." + collection;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "MongoSettings[hosts=%s, database=%s, collection=%s, batchSize=%d,"
        + " writeConcern=%s, user=%s]", address(), database, collection, batchSize, writeConcernText(),
        user.orElse("(none)"));
  }
}

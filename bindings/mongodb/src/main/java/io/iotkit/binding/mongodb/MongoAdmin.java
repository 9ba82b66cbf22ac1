package io.iotkit.binding.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.errors.ConnectFailures;
import io.iotkit.binding.errors.TcpProbe;
import io.iotkit.binding.settings.BadPropertyException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.bson.Document;
import site.ycsb.DBException;

/**
 * What the master asks of MongoDB: the collection and its compound index made by {@code prepare}, exact counts per
 * substation ({@code countDocuments}), the purge (the collection dropped), the watch's {@code ping}, the
 * replication from the server's {@code hello}, and what the server is ({@link ServerIdentity}).
 */
public final class MongoAdmin implements StoreAdmin {
  static final String INDEX = "substation_sensor_timestamp";
  /** The server answers "no such command" (code 59) to a command it does not know. */
  private static final int COMMAND_NOT_FOUND = 59;

  private final MongoConnection connection;
  private final ServerIdentity identity;

  private MongoAdmin(MongoConnection connection, ServerIdentity identity) {
    this.connection = connection;
    this.identity = identity;
  }

  /** Connects and asks what the server is, so an unreachable server or a refused login is one line at once. */
  public static MongoAdmin open(Properties properties) throws DBException {
    MongoSettings settings;
    try {
      settings = MongoSettings.from(properties);
    } catch (BadPropertyException e) {
      throw new DBException("mongodb: " + e.getMessage(), e);
    }
    // the driver's server selection waits out its whole time limit when nothing listens at the addresses
    Optional<String> unreachable = TcpProbe.unreachable(settings.hosts(), settings.connectTimeout());
    if (unreachable.isPresent()) {
      throw new DBException(ConnectFailures.cannotConnect("mongodb", settings.address(), unreachable.get()));
    }
    MongoConnection connection = new MongoConnection(settings);
    try {
      return new MongoAdmin(connection, identity(connection));
    } catch (DBException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  /** The server's buildInfo, and its serverStatus where the login may read it. */
  static ServerIdentity identity(MongoConnection connection) throws DBException {
    Document buildInfo = connection.admin("buildInfo");
    Document status;
    try {
      status = connection.admin("serverStatus");
    } catch (DBException e) {
      status = null; // e.g. a login without the clusterMonitor role: buildInfo alone decides
    }
    return ServerIdentity.of(buildInfo, status);
  }

  /**
   * The process that serves, as serverStatus names it: its host and process id, which a restart changes (unless
   * the new process gets the old id, as a server that is its container's first process does). Empty when the
   * login may not read serverStatus (it needs the clusterMonitor role) or the answer names no process id.
   */
  @Override
  public Map<String, String> serverStarts() throws DBException {
    Document status;
    try {
      status = connection.admin("serverStatus");
    } catch (DBException e) {
      return Map.of();
    }
    Object pid = status.get("pid");
    if (pid == null) {
      return Map.of();
    }
    return Map.of("server " + status.get("host"), status.get("process") + " process id " + pid);
  }

  /**
   * From the server's {@code hello}; a server that does not know it (MongoDB before 4.4.2, and mongo-java-server)
   * answers the legacy {@code isMaster}, which has the same fields.
   */
  @Override
  public Replication replication() throws DBException {
    String address = connection.settings().address();
    try {
      return HelloReply.replication(connection.database().runCommand(new Document("hello", 1)), "hello", address);
    } catch (MongoCommandException e) {
      if (e.getErrorCode() != COMMAND_NOT_FOUND) {
        throw connection.failure("hello", e);
      }
    } catch (MongoException e) {
      throw connection.failure("hello", e);
    }
    return HelloReply.replication(connection.admin("isMaster"), "isMaster", address);
  }

  /** The collection (created unless it exists) and the compound index the window queries use. */
  @Override
  public void prepare(List<String> substations) throws DBException {
    try {
      List<String> names = connection.database().listCollectionNames().into(new ArrayList<>());
      if (!names.contains(connection.settings().collection())) {
        connection.database().createCollection(connection.settings().collection());
      }
      connection.collection().createIndex(Indexes.ascending(ReadingDocuments.SUBSTATION, ReadingDocuments.SENSOR,
          ReadingDocuments.TIMESTAMP), new IndexOptions().name(INDEX));
    } catch (MongoException e) {
      throw connection.failure("preparing collection " + connection.settings().namespace(), e);
    }
  }

  /** Exact counts: countDocuments runs an aggregation over the documents that match, not the metadata estimate. */
  @Override
  public Map<String, Long> countReadings(List<String> substations) throws DBException {
    Map<String, Long> counts = new LinkedHashMap<>();
    try {
      for (String s : substations) {
        counts.put(s, connection.collection().countDocuments(Filters.eq(ReadingDocuments.SUBSTATION, s)));
      }
    } catch (MongoException e) {
      throw connection.failure("counting readings", e);
    }
    return counts;
  }

  /** Drops the collection with its index; {@code prepare} makes both again. */
  @Override
  public void purge() throws DBException {
    try {
      connection.collection().drop();
    } catch (MongoException e) {
      throw connection.failure("dropping collection " + connection.settings().namespace(), e);
    }
  }

  @Override
  public void ping() throws DBException {
    connection.admin("ping");
  }

  @Override
  public Optional<String> emulator() {
    return identity.emulator();
  }

  /** The collection, the document's fields, and the collection's indexes as the server lists them. */
  @Override
  public Map<String, String> dataLayout() throws DBException {
    Map<String, String> layout = new LinkedHashMap<>();
    MongoSettings s = connection.settings();
    layout.put("collection", s.namespace());
    layout.put("document", ReadingDocuments.SUBSTATION + ", " + ReadingDocuments.SENSOR + " (strings), "
        + ReadingDocuments.TIMESTAMP + " (int64, µs), " + ReadingDocuments.VALUE + " (double), "
        + ReadingDocuments.UNIT + ", " + ReadingDocuments.PADDING + " (strings), _id (ObjectId, by the driver)");
    try {
      List<String> indexes = new ArrayList<>();
      for (Document i : connection.collection().listIndexes()) {
        indexes.add(i.get("name") + " " + ((Document) i.get("key")).toJson());
      }
      layout.put("indexes", String.join("; ", indexes));
    } catch (MongoException e) {
      throw connection.failure("listing indexes", e);
    }
    layout.put("readings per insertMany", s.batchSize() + " (unordered)");
    if (identity.emulated()) {
      layout.put("emulator", "mongo-java-server lists the index, but looks documents up by unique indexes only:"
          + " the window queries and counts scan the collection");
    }
    return layout;
  }

  /** What the server is, the write concern every insert asks for, and the binding's batch size. */
  @Override
  public Map<String, String> sutSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("version", identity.describe());
    MongoSettings s = connection.settings();
    settings.put("durability", "write concern " + s.writeConcernText() + (identity.emulated()
        ? "; the emulator does not act on it: it acknowledges a write once it holds it, before its file is on disk"
        : "; a reading counts once the server acknowledged it with this write concern"));
    settings.put("setting.mongodb.write.concern", s.w());
    settings.put("setting.mongodb.journal", Boolean.toString(s.journal()));
    settings.put("setting.mongodb.batch.size", Integer.toString(s.batchSize()));
    settings.put("setting.mongodb.batch.linger.ms", Long.toString(s.batchLinger().toMillis()));
    return settings;
  }

  @Override
  public void close() {
    connection.close();
  }
}

package io.iotkit.binding.mongodb;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCredential;
import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ClusterConnectionMode;
import io.iotkit.binding.errors.ConnectFailures;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import site.ycsb.DBException;

/**
 * One driver client for the settings: the hosts (one server directly, or a replica set's seed list with its name),
 * the login as a credential (never in a connection string), the write concern, and the timeouts; and the one-line
 * wording of its failures.
 */
final class MongoConnection implements AutoCloseable {
  private final MongoSettings settings;
  private final MongoClient client;

  MongoConnection(MongoSettings settings) {
    this.settings = settings;
    this.client = MongoClients.create(clientSettings(settings));
  }

  static MongoClientSettings clientSettings(MongoSettings s) {
    List<ServerAddress> addresses = s.hosts().stream().map(h -> new ServerAddress(h.host(), h.port())).toList();
    MongoClientSettings.Builder b = MongoClientSettings.builder()
        .applicationName("tpcx-iot-kit")
        .writeConcern(s.writeConcern())
        .retryWrites(false) // a failed batch fails its readings; the kit does not count a write twice
        .applyToClusterSettings(c -> {
          c.hosts(addresses);
          s.replicaSet().ifPresent(c::requiredReplicaSetName);
          if (s.replicaSet().isEmpty() && addresses.size() == 1) {
            c.mode(ClusterConnectionMode.SINGLE);
          }
          c.serverSelectionTimeout(s.timeout().toMillis(), TimeUnit.MILLISECONDS);
        })
        // no read timeout (the driver's default): a window query or count over a large collection may take long,
        // and the master's watch, not the socket, decides when a server has stopped answering
        .applyToSocketSettings(c -> c.connectTimeout((int) s.connectTimeout().toMillis(), TimeUnit.MILLISECONDS));
    if (s.user().isPresent()) {
      b.credential(MongoCredential.createCredential(s.user().get(), s.authDatabase(),
          s.password().orElseThrow().toCharArray()));
    }
    return b.build();
  }

  MongoSettings settings() {
    return settings;
  }

  MongoDatabase database() {
    return client.getDatabase(settings.database());
  }

  MongoCollection<Document> collection() {
    return database().getCollection(settings.collection());
  }

  /** A command on the admin database, e.g. {@code hello}, {@code buildInfo}, {@code ping}. */
  Document admin(String command) throws DBException {
    try {
      return client.getDatabase("admin").runCommand(new Document(command, 1));
    } catch (MongoException e) {
      throw failure(command, e);
    }
  }

  /** One line naming the binding, the address and the cause. */
  DBException failure(String what, Throwable e) {
    String cause;
    if (ConnectFailures.find(e, MongoSecurityException.class) != null) {
      cause = "the server refused the login of " + settings.user().orElse("(none)") + " in database "
          + settings.authDatabase();
      return new DBException(ConnectFailures.cannotConnect("mongodb", settings.address(), cause), e);
    }
    if (ConnectFailures.find(e, MongoTimeoutException.class) != null) {
      // the driver tells what its monitor saw only in the timeout's message
      String m = String.valueOf(e.getMessage());
      cause = m.contains("Connection refused") ? ConnectFailures.REFUSED
          : m.contains("UnknownHostException") ? ConnectFailures.unknownHost(settings.hosts().get(0).host())
          : ConnectFailures.noAnswerWithin(settings.timeout().toMillis() + " ms");
      return new DBException(ConnectFailures.cannotConnect("mongodb", settings.address(), cause), e);
    }
    return new DBException("mongodb: " + what + " at " + settings.address() + " failed: "
        + ConnectFailures.oneLine(ConnectFailures.deepestMessage(e)), e);
  }

  @Override
  public void close() {
    client.close();
  }
}

package io.iotkit.binding.dynamodb;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * One asynchronous client per JVM per endpoint, region, credentials, call timeout and retry choice, shared by the
 * binding objects of all threads: a client is thread-safe and holds a Netty event loop and a connection pool, and a
 * client per insert thread multiplied threads and connections on the driver's host for nothing. A client is closed
 * when its last user releases it, so a later user of a restarted local server gets a new one.
 */
final class SharedClients {
  /**
   * What makes two clients differ. Its {@link #toString} names no credential: the key is never printed, but a
   * record's default text would hold the secret.
   */
  private record Key(Optional<URI> endpoint, Optional<String> region, Optional<String> accessKeyId,
                     Optional<String> secretAccessKey, Optional<String> sessionToken, Duration timeout,
                     boolean sdkRetries) {
    @Override
    public String toString() {
      return "client of " + endpoint.map(URI::toString).orElse(DynamoSettings.AWS);
    }
  }

  private static final class Shared {
    final DynamoDbAsyncClient client;
    int users;

    Shared(DynamoDbAsyncClient client) {
      this.client = client;
    }
  }

  private static final Map<Key, Shared> CLIENTS = new HashMap<>();

  private SharedClients() {
  }

  private static Key key(DynamoSettings s, boolean sdkRetries) {
    return new Key(s.endpoint(), s.region(), s.accessKeyId(), s.secretAccessKey(), s.sessionToken(), s.timeout(),
        sdkRetries);
  }

  /** The shared client for these settings, made with {@code make} when there is none; release it when done. */
  static synchronized DynamoDbAsyncClient acquire(DynamoSettings s, boolean sdkRetries,
                                                  Supplier<DynamoDbAsyncClient> make) {
    Shared shared = CLIENTS.get(key(s, sdkRetries));
    if (shared == null) {
      shared = new Shared(make.get());
      CLIENTS.put(key(s, sdkRetries), shared);
    }
    shared.users++;
    return shared.client;
  }

  /** One user fewer of the client for these settings; the last one closes it. */
  static synchronized void release(DynamoSettings s, boolean sdkRetries) {
    Key k = key(s, sdkRetries);
    Shared shared = CLIENTS.get(k);
    if (shared != null && --shared.users == 0) {
      CLIENTS.remove(k);
      shared.client.close();
    }
  }

  /** Clients open now, for tests. */
  static synchronized int open() {
    return CLIENTS.size();
  }
}

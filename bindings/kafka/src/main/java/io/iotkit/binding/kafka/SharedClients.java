package io.iotkit.binding.kafka;

import io.iotkit.binding.settings.HostPort;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import site.ycsb.DBException;

/**
 * The Kafka clients one JVM shares among its binding objects: an admin client and (on first insert) one
 * producer. Both are thread-safe, and one producer per JVM batches every thread's readings together, as Kafka
 * intends; each binding object still tracks the acknowledgements of its own sends.
 *
 * <p>Opening checks the cluster in bounded time (Kafka clients otherwise retry for minutes): a TCP connection
 * to a bootstrap server, one describeCluster request, and a TCP connection to every broker it advertises, of
 * which at least one must answer (a cluster that lost a broker serves on). Each failure becomes one line from
 * {@link ConnectionErrors}.
 */
final class SharedClients {
  private static final Logger LOG = LoggerFactory.getLogger(SharedClients.class);
  static final int CONNECT_TIMEOUT_MS = 3_000;
  static final int REQUEST_TIMEOUT_MS = 15_000;
  /** How long closing the admin client may wait for requests nobody waits for any longer. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(1);
  private static final Map<Map<String, Object>, SharedClients> OPEN = new HashMap<>();

  private final Map<String, Object> identity;
  private final KafkaSettings settings;
  private final Admin admin;
  private KafkaProducer<byte[], byte[]> producer;
  private final AppendLateness lateness = new AppendLateness();
  private int users;

  private SharedClients(Map<String, Object> identity, KafkaSettings settings, Admin admin) {
    this.identity = identity;
    this.settings = settings;
    this.admin = admin;
  }

  static SharedClients acquire(KafkaSettings s) throws DBException {
    synchronized (SharedClients.class) {
      SharedClients c = OPEN.get(s.clientIdentity());
      if (c == null) {
        c = new SharedClients(s.clientIdentity(), s, connect(s));
        OPEN.put(c.identity, c);
      }
      c.users++;
      return c;
    }
  }

  void release() {
    synchronized (SharedClients.class) {
      if (users > 0 && --users == 0) {
        OPEN.remove(identity);
        if (producer != null) {
          producer.close(); // sends what is buffered; every binding has already settled its own sends
        }
        // Bounded: with its brokers gone, an admin client waits out every abandoned request and logs each retry.
        admin.close(CLOSE_WAIT);
      }
    }
  }

  /** How late this JVM's sends appended readings; window queries widen their stop margin by it. */
  AppendLateness lateness() {
    return lateness;
  }

  Admin admin() {
    return admin;
  }

  KafkaProducer<byte[], byte[]> producer() throws DBException {
    synchronized (SharedClients.class) {
      if (producer == null) {
        try {
          producer = new KafkaProducer<>(settings.producerConfig(), new ByteArraySerializer(),
              new ByteArraySerializer());
        } catch (KafkaException e) {
          throw new DBException("kafka: cannot create the producer: " + ConnectionErrors.cause(settings,
              ConnectionErrors.unwrap(e)));
        }
      }
      return producer;
    }
  }

  private static Admin connect(KafkaSettings s) throws DBException {
    List<HostPort> bootstrap = s.bootstrapAddresses();
    List<String> causes = new ArrayList<>();
    for (HostPort a : bootstrap) {
      String cause = tcpProbe(a.host(), a.port());
      if (cause == null) {
        causes = null;
        break;
      }
      causes.add(bootstrap.size() > 1 ? a + ": " + cause : cause);
    }
    if (causes != null) {
      throw new DBException(ConnectionErrors.unreachable(s.bootstrap(), String.join("; ", causes),
          bootstrap.size() > 1));
    }
    Admin admin;
    try {
      admin = Admin.create(s.adminConfig());
    } catch (KafkaException e) {
      throw new DBException("kafka: cannot set up a client for " + s.bootstrap() + ": "
          + ConnectionErrors.cause(s, ConnectionErrors.unwrap(e)));
    }
    try {
      Collection<Node> nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs(REQUEST_TIMEOUT_MS))
          .nodes().get(REQUEST_TIMEOUT_MS + 5_000, TimeUnit.MILLISECONDS);
      List<String> unreachable = new ArrayList<>();
      String firstCause = null;
      for (Node n : nodes) {
        String cause = tcpProbe(n.host(), n.port());
        if (cause != null) {
          unreachable.add(n.host() + ":" + n.port());
          firstCause = firstCause == null ? cause : firstCause;
        }
      }
      if (!unreachable.isEmpty() && unreachable.size() == nodes.size()) {
        throw new DBException(ConnectionErrors.advertisedUnreachable(s.bootstrap(), unreachable.get(0), firstCause));
      }
      if (!unreachable.isEmpty()) {
        // A cluster that has just lost a broker still lists it for some seconds, and serves on without it.
        LOG.warn("kafka: brokers {} of the cluster cannot be reached ({}); going on with the others", unreachable,
            firstCause);
      }
      return admin;
    } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
      admin.close();
      Throwable cause = e instanceof ExecutionException ? e.getCause()
          : new org.apache.kafka.common.errors.TimeoutException("no answer");
      throw new DBException(ConnectionErrors.requestFailed(s, cause, REQUEST_TIMEOUT_MS));
    } catch (InterruptedException e) {
      admin.close();
      Thread.currentThread().interrupt();
      throw new DBException("kafka: interrupted while connecting to " + s.bootstrap());
    } catch (DBException e) {
      admin.close();
      throw e;
    }
  }

  /** Null if a TCP connection succeeds, else why not. */
  static String tcpProbe(String host, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
      return null;
    } catch (IOException | IllegalArgumentException e) {
      return ConnectionErrors.socketCause(e instanceof IOException io ? io : new IOException(e.getMessage()),
          host, CONNECT_TIMEOUT_MS);
    }
  }
}

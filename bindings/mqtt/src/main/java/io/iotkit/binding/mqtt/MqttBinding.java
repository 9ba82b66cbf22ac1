package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.Mqtt5Connect;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5PublishResult;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.Replication;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.errors.ConnectFailures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Publishes readings to an MQTT broker, one topic per substation and sensor, and, in the master's object,
 * verifies what the broker delivered.
 *
 * <p><b>Ingest.</b> Each insert thread has its own MQTT 5 connection and publishes asynchronously at QoS
 * {@code mqtt.qos} (default 1), retain off. A reading is ingested when the broker acknowledged it: PUBACK at
 * QoS 1, PUBCOMP at QoS 2. QoS 0 has no acknowledgement: a QoS 0 reading counts once the client has sent it,
 * so its loss shows only in the data check. Following {@link KitBinding}'s contract, {@link #insert} returns
 * BATCHED_OK while acknowledgements are outstanding; every {@code mqtt.batch.size} publishes (and in
 * {@link #flush}) it waits for all of them: OK if every one succeeded, an error if any failed or none came
 * within {@code mqtt.ack.timeout.seconds}.
 *
 * <p><b>Data check.</b> A broker stores nothing to count, so {@link #prepare} starts a {@link Verifier} that
 * subscribes to the iteration's substations before anything is published; {@link #countReadings} is the
 * distinct readings it received. Delivered == published, so any loss between PUBACK and subscriber fails the
 * check. {@link #purge} ends the verifier's sessions and forgets its counts (the broker keeps no readings:
 * nothing is retained).
 *
 * <p><b>Queries.</b> A broker answers none: {@link #answersQueries()} is false, so runs on it are never compliant.
 */
public final class MqttBinding extends KitBinding {
  private MqttSettings settings;
  private Mqtt5AsyncClient publisher;
  /** What the broker answered this object's connection: its advertised limits, for {@link #sutSettings}. */
  private Mqtt5ConnAck connAck;
  private final List<CompletableFuture<Mqtt5PublishResult>> outstanding = new ArrayList<>();
  private Verifier verifier;
  private boolean failureLogged;

  @Override
  public void init() throws DBException {
    try {
      settings = MqttSettings.from(getProperties());
    } catch (IllegalArgumentException e) {
      throw new DBException("mqtt: " + e.getMessage(), e);
    }
    if (settings.host.isEmpty()) {
      throw new DBException("mqtt: no broker address: set " + MqttSettings.HOST + " in the binding properties");
    }
    // A fresh session each time: publishes are settled before cleanup, so nothing needs to survive it.
    Mqtt5AsyncClient client = MqttClients.build(settings, "iotkit-pub-" + UUID.randomUUID(), false, null);
    connAck = MqttClients.connect(settings, client,
        Mqtt5Connect.builder().cleanStart(true).sessionExpiryInterval(0).build());
    publisher = client;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    int sensorEnd = key.lastIndexOf(ReadingFormat.SEPARATOR);
    int substationEnd = key.indexOf(ReadingFormat.SEPARATOR);
    if (substationEnd <= 0 || sensorEnd <= substationEnd) {
      return Status.BAD_REQUEST;
    }
    String topic = ReadingMessage.topic(settings.topicPrefix, key.substring(0, substationEnd),
        key.substring(substationEnd + 1, sensorEnd));
    byte[] payload = ReadingMessage.encode(key, values.get(ReadingFormat.VALUE).toArray(),
        values.get(ReadingFormat.UNIT).toArray(), values.get(ReadingFormat.PADDING).toArray());
    outstanding.add(publisher.publishWith()
        .topic(topic)
        .qos(settings.qos)
        .retain(false)
        .payload(payload)
        .send());
    return outstanding.size() >= settings.batchSize ? settle() : Status.BATCHED_OK;
  }

  /** One QoS 1 publish to a topic outside the readings' prefix, acknowledged by the broker. */
  @Override
  public void ping() throws DBException {
    try {
      publisher.publishWith().topic(settings.topicPrefix + "-ping").qos(
          com.hivemq.client.mqtt.datatypes.MqttQos.AT_LEAST_ONCE).send()
          .get(settings.ackTimeoutSeconds, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new DBException("mqtt: broker " + settings.address() + " did not acknowledge a ping: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("mqtt: interrupted");
    }
  }

  @Override
  public Status flush() {
    return settle();
  }

  /** Waits for every outstanding publish: OK only if the broker acknowledged all of them in time. */
  private Status settle() {
    if (outstanding.isEmpty()) {
      return Status.OK;
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(settings.ackTimeoutSeconds);
    boolean allAcknowledged = true;
    for (CompletableFuture<Mqtt5PublishResult> f : outstanding) {
      try {
        Mqtt5PublishResult r = f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (r.getError().isPresent()) {
          allAcknowledged = false;
          logFirstFailure(r.getError().get());
        }
      } catch (TimeoutException e) {
        allAcknowledged = false;
        logFirstFailure(new TimeoutException("no acknowledgement within " + settings.ackTimeoutSeconds + " s"));
      } catch (ExecutionException e) {
        allAcknowledged = false;
        logFirstFailure(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        allAcknowledged = false;
        break;
      }
    }
    outstanding.clear();
    return allAcknowledged ? Status.OK : Status.ERROR;
  }

  /** One line in the instance's log for the first failed publish of this thread; the counts say the rest. */
  private void logFirstFailure(Throwable t) {
    if (!failureLogged) {
      failureLogged = true;
      System.err.println("mqtt: publish to broker " + settings.address() + " failed: "
          + ConnectFailures.oneLine(String.valueOf(t)));
    }
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException {
    throw new DBException("mqtt: an MQTT broker answers no queries (answersQueries() is false)");
  }

  @Override
  public boolean answersQueries() {
    return false;
  }

  @Override
  public Replication replication() {
    return new Replication(1, "an MQTT broker keeps one copy of a message until it is delivered and stores no"
        + " readings; MQTT cannot ask a broker for more");
  }

  @Override
  public synchronized void prepare(List<String> substations) throws DBException {
    if (verifier == null) {
      verifier = new Verifier(settings);
    }
    verifier.watch(substations);
  }

  @Override
  public long countReadings(List<String> substations) throws DBException {
    return countReadingsPerSubstation(substations).values().stream().mapToLong(Long::longValue).sum();
  }

  /** One wait for deliveries to stop, for all of them together (the default would wait once per substation). */
  @Override
  public Map<String, Long> countReadingsPerSubstation(List<String> substations) throws DBException {
    Verifier v;
    synchronized (this) {
      v = verifier;
    }
    if (v == null) {
      Map<String, Long> none = new LinkedHashMap<>();
      substations.forEach(s -> none.put(s, 0L));
      return none;
    }
    return v.count(substations);
  }

  @Override
  public synchronized Map<String, String> measurements() {
    return verifier == null ? Map.of() : verifier.measurements();
  }

  /** The broker's CONNACK limits ({@link BrokerLimits}); no version, which MQTT does not report. */
  @Override
  public Map<String, String> sutSettings() {
    return connAck == null ? Map.of() : BrokerLimits.of(connAck);
  }

  @Override
  public synchronized void purge() {
    if (verifier != null) {
      verifier.reset();
    }
  }

  @Override
  public void cleanup() throws DBException {
    Status settled = settings == null || publisher == null ? Status.OK : settle();
    synchronized (this) {
      if (verifier != null) {
        verifier.close();
        verifier = null;
      }
    }
    if (publisher != null) {
      try {
        publisher.disconnect().get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        // the connection is dropped either way
      }
      publisher = null;
    }
    if (!settled.isOk()) {
      throw new DBException("mqtt: publishes still unacknowledged at cleanup failed");
    }
  }
}

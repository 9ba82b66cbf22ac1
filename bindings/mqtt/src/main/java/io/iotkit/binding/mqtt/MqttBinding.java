package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.Mqtt5Connect;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.Replication;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.errors.ConnectFailures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsb.DBException;

/**
 * Publishes readings to an MQTT broker, one topic per substation and sensor, and, in the master's object,
 * verifies what the broker delivered.
 *
 * <p><b>Ingest.</b> Each insert thread has its own MQTT 5 connection and publishes asynchronously at QoS
 * {@code mqtt.qos} (default 1), retain off. A reading is ingested when the broker acknowledged it: PUBACK at
 * QoS 1, PUBCOMP at QoS 2. QoS 0 has no acknowledgement: a QoS 0 reading counts once the client has sent it,
 * so its loss shows only in the data check. Each publish's future reports its reading to its
 * {@link Acknowledgement}: failed if the broker refused it or did not answer within
 * {@code mqtt.ack.timeout.seconds}.
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
  private Verifier verifier;
  /** Set by the first failed publish of this thread, which alone is logged; the counts say the rest. */
  private final AtomicBoolean failureLogged = new AtomicBoolean();

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
    // A fresh session each time: the kit sees publishes settled before cleanup, so nothing needs to survive it.
    Mqtt5AsyncClient client = MqttClients.build(settings, "iotkit-pub-" + UUID.randomUUID(), false, null);
    connAck = MqttClients.connect(settings, client,
        Mqtt5Connect.builder().cleanStart(true).sessionExpiryInterval(0).build());
    publisher = client;
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) {
    publisher.publishWith()
        .topic(ReadingMessage.topic(settings.topicPrefix, reading.substation(), reading.sensor()))
        .qos(settings.qos)
        .retain(false)
        .payload(ReadingMessage.encode(reading))
        .send()
        .orTimeout(settings.ackTimeoutSeconds, TimeUnit.SECONDS)
        .whenComplete((result, e) -> {
          Throwable failure = e != null ? e : result.getError().orElse(null);
          if (failure == null) {
            ack.acknowledged();
          } else {
            logFirstFailure(failure instanceof TimeoutException
                ? new TimeoutException("no acknowledgement within " + settings.ackTimeoutSeconds + " s") : failure);
            ack.failed(failure);
          }
        });
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

  /** Nothing is held here: each publish goes out at once. */
  @Override
  public void flush() {
  }

  /** One line in the instance's log for the first failed publish of this thread; the counts say the rest. */
  private void logFirstFailure(Throwable t) {
    if (!failureLogged.getAndSet(true)) {
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

  /** Ends the verifier and the publisher's connection; the kit saw every publish settled before. */
  @Override
  public void cleanup() {
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
  }
}

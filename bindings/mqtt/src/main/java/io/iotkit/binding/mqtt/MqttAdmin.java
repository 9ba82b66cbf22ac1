package io.iotkit.binding.mqtt;

import io.iotkit.binding.DeliverySink;
import io.iotkit.binding.DeliveryWatch;
import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import java.util.LinkedHashMap;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import site.ycsb.DBException;

/**
 * The broker as the master uses it. A broker stores nothing to count, so {@link #prepare} starts a
 * {@link Verifier} that subscribes to the iteration's substations before anything is published; the data check's
 * count is the distinct readings it received. Delivered == published, so any loss between PUBACK and subscriber
 * fails the check. {@link #purge} ends the verifier's sessions and forgets its counts (the broker keeps no
 * readings: nothing is retained). The ping is a QoS 1 publish outside the readings' topics; the settings are the
 * broker's CONNACK limits.
 */
final class MqttAdmin implements StoreAdmin {
  private final Publisher p;
  private Verifier verifier;

  private MqttAdmin(Publisher p) {
    this.p = p;
  }

  static MqttAdmin open(Properties properties) throws DBException {
    return new MqttAdmin(Publisher.connect(properties));
  }

  /** One QoS 1 publish to a topic outside the readings' prefix, acknowledged by the broker. */
  @Override
  public void ping() throws DBException {
    try {
      MqttSettings settings = p.settings();
      p.client().publishWith().topic(settings.topicPrefix + "-ping").qos(
          com.hivemq.client.mqtt.datatypes.MqttQos.AT_LEAST_ONCE).send()
          .get(settings.ackTimeoutSeconds, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new DBException("mqtt: broker " + p.settings().address() + " did not acknowledge a ping: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("mqtt: interrupted");
    }
  }

  @Override
  public Replication replication() {
    return new Replication(1, "an MQTT broker keeps one copy of a message until it is delivered and stores no"
        + " readings; MQTT cannot ask a broker for more");
  }

  @Override
  public synchronized void prepare(List<String> substations) throws DBException {
    if (verifier == null) {
      verifier = new Verifier(p.settings());
    }
    verifier.watch(substations);
  }

  /**
   * The verifying subscriber is a reader: from now on it reports each distinct reading delivered, and catching up
   * is its wait for deliveries to stop.
   */
  @Override
  public synchronized Optional<DeliveryWatch> watchDeliveries(List<String> substations, DeliverySink sink)
      throws DBException {
    prepare(substations);
    Verifier v = verifier;
    v.reportTo(sink);
    return Optional.of(new DeliveryWatch() {
      @Override
      public void awaitCaughtUp(Duration max) throws DBException {
        v.awaitQuiet(substations, max.toNanos());
      }

      @Override
      public void close() {
        v.reportTo(null);
      }
    });
  }

  /** One wait for deliveries to stop, for all of them together (the default would wait once per substation). */
  @Override
  public Map<String, Long> countReadings(List<String> substations) throws DBException {
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
    return BrokerLimits.of(p.connAck());
  }

  @Override
  public synchronized void purge() {
    if (verifier != null) {
      verifier.reset();
    }
  }

  @Override
  public void close() {
    synchronized (this) {
      if (verifier != null) {
        verifier.close();
        verifier = null;
      }
    }
    p.close();
  }
}

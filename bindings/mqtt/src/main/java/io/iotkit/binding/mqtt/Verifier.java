package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.Mqtt5Connect;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5Publish;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAck;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import io.iotkit.binding.DeliverySink;
import io.iotkit.binding.errors.ConnectFailures;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.DBException;

/**
 * The verifying subscriber: what the broker really delivered. One MQTT connection per substation, subscribed
 * to {@code <prefix>/<substation>/#} at the publishers' QoS before anything is published, counts every distinct
 * reading delivered (see {@link DeliveryTally} for duplicates) and reports each distinct one, with its arrival
 * time, to the kit's {@link DeliverySink} when one is given (the kit's end-to-end latency).
 *
 * <p>Each connection has a persistent session (clean start off, session expiry {@value #SESSION_EXPIRY_SECONDS}
 * s) and reconnects by itself, so the broker queues what arrives while it is away and delivers it on return.
 * It is one connection per substation, not one for all, because the broker keeps one queue per connection:
 * P queues drain in parallel.
 */
final class Verifier implements AutoCloseable {
  static final long SESSION_EXPIRY_SECONDS = 300;
  private static final long SUBSCRIBE_TIMEOUT_SECONDS = 30;

  private final MqttSettings settings;
  private final Map<String, Mqtt5AsyncClient> subscribers = new ConcurrentHashMap<>();
  private final Map<String, DeliveryTally> tallies = new ConcurrentHashMap<>();
  private volatile DeliverySink sink;
  private final AtomicLong connections = new AtomicLong();

  Verifier(MqttSettings settings) {
    this.settings = settings;
  }

  /** The client identifier of a substation's verifying subscriber (its session on the broker). */
  static String clientId(String substation) {
    return "iotkit-verify-" + substation;
  }

  /** Subscribes to each substation's readings; returns once the broker has granted every subscription. */
  synchronized void watch(List<String> substations) throws DBException {
    for (String substation : substations) {
      if (subscribers.containsKey(substation)) {
        continue;
      }
      DeliveryTally tally = new DeliveryTally();
      Mqtt5AsyncClient client = MqttClients.build(settings, clientId(substation), true,
          context -> connections.incrementAndGet());
      MqttClients.connect(settings, client, Mqtt5Connect.builder()
          .cleanStart(false)
          .sessionExpiryInterval(SESSION_EXPIRY_SECONDS)
          .build());
      subscribers.put(substation, client);
      tallies.put(substation, tally);
      subscribe(client, substation, tally);
    }
  }

  private void subscribe(Mqtt5AsyncClient client, String substation, DeliveryTally tally) throws DBException {
    String filter = ReadingMessage.substationFilter(settings.topicPrefix, substation);
    Mqtt5SubAck ack;
    try {
      ack = client.subscribeWith()
          .topicFilter(filter)
          .qos(settings.qos)
          .callback(publish -> deliver(substation, publish, tally))
          .send()
          .get(SUBSCRIBE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new DBException("mqtt: the verifying subscriber could not subscribe to " + filter + " at "
          + settings.address() + " (" + ConnectFailures.oneLine(String.valueOf(e.getCause() != null ? e.getCause() : e))
          + ")");
    }
    Mqtt5SubAckReasonCode code = ack.getReasonCodes().get(0);
    if (code.isError() || code.getCode() < settings.qos.getCode()) {
      throw new DBException("mqtt: broker " + settings.address() + " granted the verifying subscriber "
          + code.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " for " + filter + ", not QoS "
          + settings.qos.getCode() + "; it cannot verify delivery");
    }
  }

  /** Runs on the subscriber's event loop, in delivery order. */
  private void deliver(String substation, Mqtt5Publish publish, DeliveryTally tally) {
    long now = nowMicros();
    // A retained message is never one of this run's readings: the binding publishes with retain off.
    ReadingMessage.Delivered d = publish.isRetain() ? null
        : ReadingMessage.decode(settings.topicPrefix, publish.getTopic().toString(), publish.getPayloadAsBytes());
    if (d == null) {
      tally.ignore();
      return;
    }
    DeliverySink to = sink;
    if (tally.accept(d.sensor(), d.micros()) && to != null) {
      to.delivered(substation, d.micros(), now);
    }
  }

  private static long nowMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }

  /** Reports each distinct reading delivered from now on to {@code to}; null stops reporting. */
  void reportTo(DeliverySink to) {
    sink = to;
  }

  /**
   * The distinct readings delivered for each of these substations, once deliveries have stopped (see
   * {@link #awaitQuiet}).
   */
  Map<String, Long> count(List<String> substations) throws DBException {
    awaitQuiet(substations, TimeUnit.SECONDS.toNanos(settings.maxWaitSeconds));
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String s : substations) {
      DeliveryTally t = tallies.get(s);
      counts.put(s, t == null ? 0 : t.distinct());
    }
    return counts;
  }

  /**
   * Waits until no message has arrived for the quiet period and every subscriber is connected, at most
   * {@code maxNanos}, so that readings still in flight or queued for the subscriber have arrived.
   */
  void awaitQuiet(List<String> substations, long maxNanos) throws DBException {
    long deadline = System.nanoTime() + maxNanos;
    long last = arrivals(substations);
    long quietSince = System.nanoTime();
    try {
      while (System.nanoTime() < deadline) {
        Thread.sleep(Math.min(200, settings.quietMillis));
        long now = arrivals(substations);
        if (now != last || !allConnected(substations)) {
          last = now;
          quietSince = System.nanoTime();
        } else if (System.nanoTime() - quietSince >= TimeUnit.MILLISECONDS.toNanos(settings.quietMillis)) {
          break;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("mqtt: interrupted while waiting for deliveries");
    }
  }

  private long arrivals(List<String> substations) {
    long n = 0;
    for (String s : substations) {
      DeliveryTally t = tallies.get(s);
      n += t == null ? 0 : t.arrivals();
    }
    return n;
  }

  private boolean allConnected(List<String> substations) {
    for (String s : substations) {
      Mqtt5AsyncClient c = subscribers.get(s);
      if (c != null && !c.getState().isConnected()) {
        return false;
      }
    }
    return true;
  }

  /** What the subscriber measured, for the run report. */
  Map<String, String> measurements() {
    long distinct = 0;
    long duplicates = 0;
    long ignored = 0;
    for (DeliveryTally t : tallies.values()) {
      distinct += t.distinct();
      duplicates += t.duplicates();
      ignored += t.ignored();
    }
    Map<String, String> m = new LinkedHashMap<>();
    m.put("mqtt readings delivered to the verifying subscriber (distinct)", Long.toString(distinct));
    m.put("mqtt duplicates delivered (QoS " + settings.qos.getCode() + " redeliveries, not counted)",
        Long.toString(duplicates));
    m.put("mqtt other messages on the reading topics (not counted)", Long.toString(ignored));
    m.put("mqtt verifying subscriber reconnects", Long.toString(Math.max(0, connections.get() - tallies.size())));
    return m;
  }

  /**
   * Forgets everything: disconnects every subscriber ending its session (expiry 0), so the broker drops
   * whatever it still queued for it, and clears the counts and forgets the sink.
   */
  synchronized void reset() {
    for (Mqtt5AsyncClient c : subscribers.values()) {
      endSession(c);
    }
    subscribers.clear();
    tallies.clear();
    connections.set(0);
    sink = null;
  }

  private static void endSession(Mqtt5AsyncClient c) {
    try {
      if (c.getState().isConnected()) {
        c.disconnectWith().sessionExpiryInterval(0).send().get(10, TimeUnit.SECONDS);
      } else {
        c.disconnect(); // stops its reconnect attempts
      }
    } catch (Exception e) {
      // the session expires on the broker anyway
    }
  }

  @Override
  public void close() {
    reset();
  }
}

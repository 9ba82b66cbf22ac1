package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.Mqtt5Connect;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5PublishResult;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.binding.bench.PlainThreads;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import site.ycsb.DBException;

/**
 * The plain HiveMQ MQTT client loop the mqtt binding is measured against: one MQTT 5 connection per thread,
 * connected as the binding connects, publishing asynchronously the binding's topics and payloads
 * ({@link ReadingMessage}) at {@code mqtt.qos}, retain off, in blocks of {@value #BLOCK} publishes with
 * up to {@value #MAX_WINDOW} unacknowledged (fewer if the broker's receive maximum is lower). A reading counts
 * once the broker acknowledged it as the binding requires (PUBACK at QoS 1, PUBCOMP at QoS 2; at QoS 0, once
 * sent).
 */
final class MqttPlainLoop implements PlainClientLoop {
  private final MqttSettings settings;
  /**
   * Publishes a thread keeps unacknowledged at most, far below the local HiveMQ CE's receive maximum (10,000): with
   * file persistence and the verifying subscriber draining every reading, the broker acknowledged a window of 200
   * (two blocks of 100) faster than one of 100 or 1,000, and 1,000 faster than 10,000 (10 threads; measured on a
   * loaded 2-core machine, so a rough order): a larger window only queues more in the broker.
   */
  static final int MAX_WINDOW = 200;
  /** Publishes a thread sends before it looks at the window again. */
  static final int BLOCK = 100;
  private final ConcurrentLinkedDeque<Publisher> idle = new ConcurrentLinkedDeque<>();
  /** The first timestamp the next call may use: calls on one loop never reuse a (sensor, timestamp). */
  private long nextMicros;

  /** One thread's connected client and the receive maximum its broker granted it. */
  private record Publisher(Mqtt5AsyncClient client, int receiveMaximum) {
  }

  MqttPlainLoop(MqttSettings settings) {
    this.settings = settings;
  }

  @Override
  public long write(String substation, PlainReading[] pool, long count, int threads) throws Exception {
    // What a client would keep ready: each pooled reading's topic and fields as bytes, made once.
    String[] topics = new String[pool.length];
    byte[][] values = new byte[pool.length][];
    byte[][] units = new byte[pool.length][];
    for (int i = 0; i < pool.length; i++) {
      topics[i] = ReadingMessage.topic(settings.topicPrefix, substation, pool[i].sensor());
      values[i] = pool[i].value().getBytes(StandardCharsets.UTF_8);
      units[i] = pool[i].unit().getBytes(StandardCharsets.UTF_8);
    }
    long base = Math.max(TimeUnit.MILLISECONDS.toMicros(System.currentTimeMillis()), nextMicros);
    nextMicros = base + count;
    return PlainThreads.run(pool, count, threads, (mine, from, to) -> {
      Publisher publisher = idle.pollFirst();
      if (publisher == null) {
        publisher = connect();
      }
      // Publishes go out in blocks and the thread waits for the oldest block once the window is full: one wait
      // per block, not one wake-up per acknowledgement, and a burst the client's event loop writes at once.
      int window = Math.min(publisher.receiveMaximum, MAX_WINDOW);
      int block = Math.min(BLOCK, window);
      ArrayDeque<List<CompletableFuture<Mqtt5PublishResult>>> inFlight = new ArrayDeque<>();
      try {
        List<CompletableFuture<Mqtt5PublishResult>> current = new ArrayList<>(block);
        for (long i = from; i < to; i++) {
          int p = mine[(int) ((i - from) % mine.length)];
          PlainReading r = pool[p];
          byte[] payload = ReadingMessage.encode(ReadingFormat.key(substation, r.sensor(), base + i), values[p],
              units[p], r.padding());
          current.add(publisher.client.publishWith().topic(topics[p]).qos(settings.qos).retain(false)
              .payload(payload).send());
          if (current.size() == block) {
            inFlight.addLast(current);
            current = new ArrayList<>(block);
            if (inFlight.size() * block >= window) {
              settle(inFlight.pollFirst());
            }
          }
        }
        inFlight.addLast(current);
        while (!inFlight.isEmpty()) {
          settle(inFlight.pollFirst());
        }
      } catch (Exception | Error e) {
        disconnect(publisher); // a failed connection is not used again
        throw e;
      }
      idle.addFirst(publisher);
      return to - from;
    });
  }

  /** A client connected as the binding connects its publisher: a fresh session each time. */
  private Publisher connect() throws DBException {
    Mqtt5AsyncClient client = MqttClients.build(settings, "iotkit-plain-" + UUID.randomUUID(), false, null);
    Mqtt5ConnAck connAck = MqttClients.connect(settings, client,
        Mqtt5Connect.builder().cleanStart(true).sessionExpiryInterval(0).build());
    return new Publisher(client, connAck.getRestrictions().getReceiveMaximum());
  }

  private void disconnect(Publisher publisher) {
    try {
      publisher.client.disconnect().get(settings.connectTimeoutSeconds, TimeUnit.SECONDS);
    } catch (Exception e) {
      // the connection is dropped either way
    }
  }

  /** Waits for a block's acknowledgements; fails as the binding does if one failed or none came in time. */
  private void settle(List<CompletableFuture<Mqtt5PublishResult>> publishes) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(settings.ackTimeoutSeconds);
    for (CompletableFuture<Mqtt5PublishResult> f : publishes) {
      Mqtt5PublishResult result;
      try {
        result = f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        throw new TimeoutException("mqtt: no acknowledgement from " + settings.address() + " within "
            + settings.ackTimeoutSeconds + " s");
      }
      if (result.getError().isPresent()) {
        throw new IllegalStateException("mqtt: a publish to " + settings.address() + " was not acknowledged: "
            + result.getError().get());
      }
    }
  }

  @Override
  public void close() {
    for (Publisher p = idle.pollFirst(); p != null; p = idle.pollFirst()) {
      disconnect(p);
    }
  }
}

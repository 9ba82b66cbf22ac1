package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.mqtt5.Mqtt5AsyncClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.Mqtt5Connect;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAck;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.binding.bench.PlainThreads;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsb.DBException;

/**
 * The plain HiveMQ MQTT client loop the mqtt binding is measured against: one MQTT 5 connection per thread,
 * connected as the binding connects, publishing asynchronously the binding's topics and payloads
 * ({@link ReadingMessage}) at {@code mqtt.qos}, retain off, with up to {@value #MAX_WINDOW} publishes
 * unacknowledged (fewer if the broker's receive maximum is lower). A reading counts once the broker acknowledged it
 * as the binding requires (PUBACK at QoS 1, PUBCOMP at QoS 2; at QoS 0, once sent).
 */
final class MqttPlainLoop implements PlainClientLoop {
  private final MqttSettings settings;
  /**
   * Publishes a thread keeps unacknowledged at most, below the broker's receive maximum: on the local HiveMQ CE
   * (receive maximum 10,000, file persistence, the verifying subscriber draining every reading) a window of 1,000
   * published faster than 100 or 10,000 (measured with 10 threads on a loaded 2-core machine; a larger window only
   * queues more in the broker and the client's heap).
   */
  static final int MAX_WINDOW = 1_000;
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
      int window = Math.min(publisher.receiveMaximum, MAX_WINDOW);
      try {
        Semaphore room = new Semaphore(window);
        AtomicLong failed = new AtomicLong();
        AtomicReference<Throwable> firstFailure = new AtomicReference<>();
        for (long i = from; i < to; i++) {
          int p = mine[(int) ((i - from) % mine.length)];
          PlainReading r = pool[p];
          byte[] payload = ReadingMessage.encode(ReadingFormat.key(substation, r.sensor(), base + i), values[p],
              units[p], r.padding());
          waitForRoom(room, 1);
          publisher.client.publishWith().topic(topics[p]).qos(settings.qos).retain(false).payload(payload).send()
              .whenComplete((result, e) -> {
                Throwable failure = e != null ? e : result.getError().orElse(null);
                if (failure != null) {
                  failed.incrementAndGet();
                  firstFailure.compareAndSet(null, failure);
                }
                room.release();
              });
        }
        waitForRoom(room, window); // every publish settled
        if (failed.get() > 0) {
          throw new IllegalStateException("mqtt: " + failed.get() + " publishes to " + settings.address()
              + " were not acknowledged, the first: " + firstFailure.get());
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

  /** Takes {@code permits} of the window, failing as the binding does when no acknowledgement came in time. */
  private void waitForRoom(Semaphore room, int permits) throws InterruptedException, TimeoutException {
    if (!room.tryAcquire(permits, settings.ackTimeoutSeconds, TimeUnit.SECONDS)) {
      throw new TimeoutException("mqtt: no acknowledgement from " + settings.address() + " within "
          + settings.ackTimeoutSeconds + " s");
    }
  }

  @Override
  public void close() {
    for (Publisher p = idle.pollFirst(); p != null; p = idle.pollFirst()) {
      disconnect(p);
    }
  }
}

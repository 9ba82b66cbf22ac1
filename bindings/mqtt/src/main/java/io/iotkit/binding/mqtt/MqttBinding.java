package io.iotkit.binding.mqtt;

import com.hivemq.client.mqtt.mqtt5.message.publish.Mqtt5PublishResult;
import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.errors.ConnectFailures;
import java.util.concurrent.CompletableFuture;
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
 * {@link Acknowledgement}: failed if the broker refused it, or left it unanswered for
 * {@code mqtt.ack.timeout.seconds} once the thread waited on it ({@link UnsettledPublishes}).
 *
 * <p>A broker answers no queries, so this binding is no {@link io.iotkit.binding.WindowQueries}: runs on it are
 * never compliant. What the master asks (the verifying subscriber's count) is {@link MqttAdmin}'s.
 */
public final class MqttBinding extends KitBinding {
  private Publisher p;
  private final UnsettledPublishes unsettled = new UnsettledPublishes();
  /** Set by the first failed publish of this thread, which alone is logged; the counts say the rest. */
  private final AtomicBoolean failureLogged = new AtomicBoolean();

  @Override
  public void init() throws DBException {
    p = Publisher.connect(getProperties());
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) {
    MqttSettings settings = p.settings();
    CompletableFuture<Mqtt5PublishResult> publish = p.client().publishWith()
        .topic(ReadingMessage.topic(settings.topicPrefix, reading.substation(), reading.sensor()))
        .qos(settings.qos)
        .retain(false)
        .payload(ReadingMessage.encode(reading))
        .send();
    unsettled.add(publish);
    publish.whenComplete((result, e) -> {
      Throwable failure = e != null ? e : result.getError().orElse(null);
      if (failure == null) {
        ack.acknowledged();
      } else {
        logFirstFailure(failure);
        ack.failed(failure);
      }
    });
  }

  /**
   * Nothing is held here: each publish goes out at once. The kit calls this when it has heard nothing for a while:
   * publishes left unanswered for the acknowledgement timeout since then fail.
   */
  @Override
  public void flush() {
    long timeout = TimeUnit.SECONDS.toNanos(p.settings().ackTimeoutSeconds);
    unsettled.expire(System.nanoTime(), timeout, () -> new TimeoutException("no acknowledgement within "
        + p.settings().ackTimeoutSeconds + " s"));
  }

  /** One line in the instance's log for the first failed publish of this thread; the counts say the rest. */
  private void logFirstFailure(Throwable t) {
    if (!failureLogged.getAndSet(true)) {
      System.err.println("mqtt: publish to broker " + p.settings().address() + " failed: "
          + ConnectFailures.oneLine(String.valueOf(t)));
    }
  }

  /** Closes the publisher's connection; the kit saw every publish settled before. */
  @Override
  public void cleanup() {
    if (p != null) {
      p.close();
      p = null;
    }
  }
}

package io.iotkit.protocol;

import io.iotkit.binding.DeliverySink;
import io.iotkit.binding.DeliveryWatch;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.model.Clock;
import io.iotkit.model.ConsumerRates;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.DBException;

/**
 * The consumer-only read of an iteration's stored volume, on a store that keeps what it delivers (a log): a new
 * reader of the iteration's substations, from its creation until it holds everything stored, counting what it
 * receives. Its rate is what a consumer that comes after the writes reads at.
 */
final class StoredVolumeRead implements DeliverySink {
  private final LongAdder readings = new LongAdder();
  private final AtomicLong lastReceived = new AtomicLong();

  private StoredVolumeRead() {
  }

  @Override
  public void delivered(String substation, long generatedMicros, long receivedMicros) {
    readings.increment();
    lastReceived.accumulateAndGet(receivedMicros, Math::max);
  }

  /**
   * Reads everything the store holds for {@code substations}, waiting at most {@code max}.
   *
   * @param readingBytes the readings' size, or null where they had several
   */
  static ConsumerRates.Consumed read(StoreAdmin admin, List<String> substations, Duration max, Integer readingBytes)
      throws DBException {
    StoredVolumeRead sink = new StoredVolumeRead();
    long start = Clock.micros();
    DeliveryWatch reader = admin.watchDeliveries(substations, sink)
        .orElseThrow(() -> new DBException("the store delivers nothing to a reader: no consumer-only read"));
    try {
      reader.awaitCaughtUp(max);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("interrupted while a consumer read the stored readings");
    } finally {
      reader.close();
    }
    return ConsumerRates.Consumed.counted(sink.readings.sum(), readingBytes, start, sink.lastReceived.get());
  }
}

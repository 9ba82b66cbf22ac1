package io.iotkit.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.DeliverySink;
import io.iotkit.binding.DeliveryWatch;
import io.iotkit.binding.Replication;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.model.Clock;
import io.iotkit.model.ConsumerRates;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

/** The consumer-only read counts what a new reader receives until it caught up, and times it. */
class StoredVolumeReadTest {

  /** A store that keeps {@code stored} readings and hands them to each new reader, 100 every 10 ms. */
  private static StoreAdmin keeping(long stored, boolean delivers) {
    return new StoreAdmin() {
      @Override
      public Optional<DeliveryWatch> watchDeliveries(List<String> substations, DeliverySink sink) {
        if (!delivers) {
          return Optional.empty();
        }
        Thread reader = new Thread(() -> {
          for (long n = 0; n < stored; n++) {
            if (n % 100 == 0) {
              try {
                Thread.sleep(10);
              } catch (InterruptedException e) {
                return;
              }
            }
            sink.delivered(substations.get((int) (n % substations.size())), n, Clock.micros());
          }
        });
        reader.start();
        return Optional.of(new DeliveryWatch() {
          @Override
          public void awaitCaughtUp(Duration max) throws InterruptedException {
            reader.join(max.toMillis());
          }

          @Override
          public void close() {
            reader.interrupt();
          }
        });
      }

      @Override
      public Replication replication() {
        return new Replication(1, "fake");
      }

      @Override
      public Map<String, Long> countReadings(List<String> substations) {
        return Map.of();
      }

      @Override
      public void purge() {
      }

      @Override
      public void close() {
      }
    };
  }

  @Test
  void aNewReaderReadsTheWholeStoredVolumeAtItsOwnRate() throws Exception {
    long before = Clock.micros();
    ConsumerRates.Consumed c = StoredVolumeRead.read(keeping(1_000, true), List.of("s-1-000", "s-1-001"),
        Duration.ofSeconds(30), 1024);
    assertEquals(1_000, c.readings());
    assertEquals(1_024_000L, c.bytes());
    assertTrue(c.startMicros() >= before);
    // 10 pauses of 10 ms: at least 0.1 s, so at most 10,000 readings a second
    assertTrue(c.seconds() >= 0.1, c.toString());
    assertTrue(c.readingsPerSecond() <= 10_000 && c.readingsPerSecond() > 0, c.toString());
  }

  @Test
  void aStoreThatDeliversNothingIsSaidSo() {
    DBException e = assertThrows(DBException.class, () -> StoredVolumeRead.read(keeping(10, false),
        List.of("s-1-000"), Duration.ofSeconds(1), 1024));
    assertTrue(e.getMessage().contains("delivers nothing"), e.getMessage());
  }
}

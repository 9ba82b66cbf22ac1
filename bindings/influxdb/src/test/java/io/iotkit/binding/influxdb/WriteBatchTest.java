package io.iotkit.binding.influxdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.AcknowledgementCount;
import io.iotkit.binding.Reading;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WriteBatchTest {
  private static Reading reading(int i) {
    return new Reading("sub-1", "sensor-1", 1_000_000L + i, "1.5", "kW", new byte[8]);
  }

  @Test
  void aHeldBatchIsDueOnceItsOldestReadingLingered() {
    AcknowledgementCount acks = new AcknowledgementCount();
    // nothing is sent in this test: the batch never fills and is never flushed, so it needs no server
    WriteBatch none = new WriteBatch(null, 3, Duration.ZERO, 1);
    none.add(reading(0), acks);
    assertTrue(none.due().isEmpty(), "no linger: held until full or flushed");
    WriteBatch w = new WriteBatch(null, 3, Duration.ofMillis(5), 1);
    assertTrue(w.due().isEmpty(), "nothing held, nothing due");
    long before = System.nanoTime();
    w.add(reading(0), acks);
    w.add(reading(1), acks);
    long due = w.due().orElseThrow();
    assertTrue(due - before >= 5_000_000 && due - System.nanoTime() <= 5_000_000, "5 ms after the oldest reading");
    assertEquals(2, w.held());
  }
}

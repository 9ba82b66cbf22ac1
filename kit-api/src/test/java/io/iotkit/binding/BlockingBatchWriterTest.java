package io.iotkit.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockingBatchWriterTest {
  private final List<List<String>> written = new ArrayList<>();
  private final AcknowledgementCount answers = new AcknowledgementCount();

  private static Reading reading(int i) {
    return new Reading("s", "x", i, "1.0", "V", new byte[0]);
  }

  /** A store that fails the batches whose first reading's timestamp is in {@code failing}. */
  private BlockingBatchWriter writer(int batchSize, List<Integer> failing) {
    return new BlockingBatchWriter(batchSize, batch -> {
      if (failing.contains((int) batch.get(0).micros())) {
        throw new SQLException("commit failed");
      }
      written.add(batch.stream().map(Reading::key).toList());
    });
  }

  @Test
  void aFullBatchIsWrittenOnTheCallingThreadAndEachReadingAcknowledged() {
    BlockingBatchWriter w = writer(3, List.of());
    w.write(reading(0), answers);
    w.write(reading(1), answers);
    assertEquals(0, answers.acknowledgedCount(), "held until the batch is full");
    w.write(reading(2), answers);
    assertEquals(3, answers.acknowledgedCount(), "acknowledged when the write returned");
    assertEquals(1, written.size());
    assertEquals(3, written.get(0).size());
  }

  @Test
  void aFailedBatchFailsEveryOneOfItsReadingsAndNoOther() {
    BlockingBatchWriter w = writer(2, List.of(2));
    for (int i = 0; i < 6; i++) {
      w.write(reading(i), answers); // batches [0 1] [2 3] [4 5]; the second fails
    }
    assertEquals(4, answers.acknowledgedCount());
    assertEquals(2, answers.failedCount());
    assertTrue(answers.firstFailure() instanceof SQLException);
  }

  @Test
  void flushWritesThePartialBatchAndNothingWhenNothingIsHeld() {
    BlockingBatchWriter w = writer(100, List.of());
    w.flush();
    assertEquals(List.of(), written, "nothing held, nothing written");
    for (int i = 0; i < 5; i++) {
      w.write(reading(i), answers);
    }
    w.flush();
    assertEquals(1, written.size());
    assertEquals(5, written.get(0).size());
    assertTrue(answers.await(5, Duration.ZERO));
    w.flush();
    assertEquals(1, written.size(), "a second flush writes nothing again");
  }

  @Test
  void aPartialBatchIsDueOnceItsOldestReadingLingered() {
    BlockingBatchWriter none = writer(3, List.of());
    none.write(reading(0), answers);
    assertTrue(none.flushDue().isEmpty(), "no linger: held until full or flushed");
    BlockingBatchWriter w = new BlockingBatchWriter(3, Duration.ofMillis(5), batch -> written.add(List.of()));
    assertTrue(w.flushDue().isEmpty(), "nothing held, nothing due");
    long before = System.nanoTime();
    w.write(reading(0), answers);
    w.write(reading(1), answers);
    long due = w.flushDue().orElseThrow();
    assertTrue(due - before >= 5_000_000 && due - System.nanoTime() <= 5_000_000, "5 ms after the oldest reading");
    w.flush();
    assertTrue(w.flushDue().isEmpty(), "sent: nothing due");
    assertEquals(2, answers.acknowledgedCount());
  }
}

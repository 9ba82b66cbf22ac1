package io.iotkit.binding.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.AcknowledgementCount;
import io.iotkit.binding.Reading;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** The writes against recorded answers: DynamoDB's responses and errors built as the SDK hands them over. */
class BatchWritesTest {
  private static final String TABLE = "t";

  /** Answers requests from a script and runs retries at once, with a clock the backoff moves. */
  private static final class Recorded {
    final List<BatchWriteItemRequest> sent = new ArrayList<>();
    final Deque<Object> answers = new ArrayDeque<>();
    final List<Long> delays = new ArrayList<>();
    final AtomicLong nanos = new AtomicLong();
    final BatchWrites.Counters counters = new BatchWrites.Counters();
    final BatchWrites writes;

    Recorded(int batch, Duration retryTimeout) {
      writes = new BatchWrites(TABLE, batch, Duration.ZERO, 4, this::answer, (task, delay) -> {
        delays.add(delay);
        nanos.addAndGet(delay * 1_000_000 + 1_000_000);
        task.run();
      }, retryTimeout, nanos::get, counters, f -> new IllegalStateException("worded: " + f.getClass().getSimpleName()));
    }

    private CompletableFuture<BatchWriteItemResponse> answer(BatchWriteItemRequest r) {
      sent.add(r);
      Object a = answers.isEmpty() ? BatchWriteItemResponse.builder().build() : answers.poll();
      if (a instanceof Throwable t) {
        return CompletableFuture.failedFuture(new CompletionException(t));
      }
      return CompletableFuture.completedFuture((BatchWriteItemResponse) a);
    }

    List<String> keys(int request) {
      return sent.get(request).requestItems().get(TABLE).stream()
          .map(w -> ReadingItems.keyOf(w.putRequest().item())).toList();
    }
  }

  private static Reading reading(int i) {
    return new Reading("s1", "mis-h2-0" + (i % 3), 1_000_000L + i, Integer.toString(i), "ppm", new byte[] {'p'});
  }

  private static BatchWriteItemResponse unprocessed(Reading... readings) {
    List<WriteRequest> left = new ArrayList<>();
    for (Reading r : readings) {
      left.add(WriteRequest.builder().putRequest(PutRequest.builder().item(ReadingItems.item(r)).build()).build());
    }
    return BatchWriteItemResponse.builder().unprocessedItems(Map.of(TABLE, left)).build();
  }

  private static DynamoDbException throttling() {
    return (DynamoDbException) DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
        .errorCode("ThrottlingException").errorMessage("Rate of requests exceeds the allowed throughput.").build())
        .build();
  }

  private static ProvisionedThroughputExceededException provisioned() {
    return (ProvisionedThroughputExceededException) ProvisionedThroughputExceededException.builder().statusCode(400)
        .awsErrorDetails(AwsErrorDetails.builder().errorCode("ProvisionedThroughputExceededException")
            .errorMessage("The level of configured provisioned throughput for the table was exceeded.").build())
        .build();
  }

  private static DynamoDbException validation() {
    return (DynamoDbException) DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
        .errorCode("ValidationException").errorMessage("Item size has exceeded the maximum allowed size").build())
        .build();
  }

  @Test
  void batchesOfTheBatchSizeAndTheRestOnFlush() {
    Recorded r = new Recorded(25, Duration.ofSeconds(10));
    AcknowledgementCount acks = new AcknowledgementCount();
    for (int i = 0; i < 60; i++) {
      r.writes.write(reading(i), acks);
    }
    assertEquals(2, r.sent.size(), "two full batches sent without a flush");
    assertEquals(50, acks.acknowledgedCount());
    r.writes.flush();
    assertEquals(3, r.sent.size());
    assertEquals(10, r.keys(2).size());
    assertEquals(60, acks.acknowledgedCount());
    assertEquals(3, r.counters.requests.sum());
  }

  @Test
  void unprocessedItemsAreSentAgainAndAcknowledgedOnlyThen() {
    Recorded r = new Recorded(5, Duration.ofSeconds(10));
    r.answers.add(unprocessed(reading(1), reading(3)));
    r.answers.add(unprocessed(reading(3)));
    AcknowledgementCount acks = new AcknowledgementCount();
    for (int i = 0; i < 5; i++) {
      r.writes.write(reading(i), acks);
    }
    assertEquals(3, r.sent.size());
    assertEquals(List.of(ReadingItems.keyOf(ReadingItems.item(reading(1))),
        ReadingItems.keyOf(ReadingItems.item(reading(3)))), r.keys(1));
    assertEquals(List.of(ReadingItems.keyOf(ReadingItems.item(reading(3)))), r.keys(2));
    assertEquals(5, acks.acknowledgedCount());
    assertEquals(0, acks.failedCount());
    assertEquals(2, r.counters.unprocessed.sum());
    assertEquals(3, r.counters.unprocessedItems.sum());
    assertEquals(0, r.counters.throttled.sum());
    assertEquals(2, r.delays.size(), "each retry after a backoff");
    assertEquals(Map.of("dynamodb BatchWriteItem requests", 3L, "dynamodb requests throttled and retried", 0L,
        "dynamodb BatchWriteItem answers with unprocessed items", 2L, "dynamodb unprocessed items sent again", 3L),
        r.counters.asMap(), "the binding's client counters, as the reports name them");
  }

  @Test
  void throttledBatchesAreRetriedAndCounted() {
    Recorded r = new Recorded(2, Duration.ofSeconds(10));
    r.answers.add(provisioned());
    r.answers.add(throttling());
    AcknowledgementCount acks = new AcknowledgementCount();
    r.writes.write(reading(1), acks);
    r.writes.write(reading(2), acks);
    assertEquals(3, r.sent.size());
    assertEquals(r.keys(0), r.keys(2), "the whole batch again");
    assertEquals(2, acks.acknowledgedCount());
    assertEquals(2, r.counters.throttled.sum());
    assertTrue(DynamoConnection.throttled(new CompletionException(throttling())));
    assertFalse(DynamoConnection.throttled(validation()));
  }

  @Test
  void readingsFailWhenTheRetryTimeIsOver() {
    Recorded r = new Recorded(1, Duration.ofMillis(50));
    for (int i = 0; i < 100; i++) {
      r.answers.add(throttling());
    }
    AcknowledgementCount acks = new AcknowledgementCount();
    r.writes.write(reading(1), acks);
    assertEquals(0, acks.acknowledgedCount());
    assertEquals(1, acks.failedCount());
    assertTrue(acks.firstFailure().getMessage().contains("still throttled"), acks.firstFailure().getMessage());
    assertTrue(r.sent.size() < 100 && r.sent.size() > 1, r.sent.size() + " attempts");
  }

  @Test
  void anyOtherErrorFailsTheBatchAtOnce() {
    Recorded r = new Recorded(2, Duration.ofSeconds(10));
    r.answers.add(validation());
    AcknowledgementCount acks = new AcknowledgementCount();
    r.writes.write(reading(1), acks);
    r.writes.write(reading(2), acks);
    assertEquals(1, r.sent.size());
    assertEquals(2, acks.failedCount());
    assertEquals("worded: DynamoDbException", acks.firstFailure().getMessage());
  }

  @Test
  void aKeyTwiceGoesInTwoRequests() {
    Recorded r = new Recorded(25, Duration.ofSeconds(10));
    AcknowledgementCount acks = new AcknowledgementCount();
    r.writes.write(reading(1), acks);
    r.writes.write(reading(1), acks);
    r.writes.flush();
    assertEquals(2, r.sent.size());
    assertEquals(2, acks.acknowledgedCount());
  }

  @Test
  void aPartialBatchIsDueOnceItsOldestReadingLingeredAndNotOnceSent() {
    List<BatchWriteItemRequest> sent = new ArrayList<>();
    BatchWrites w = new BatchWrites(TABLE, 3, Duration.ofMillis(5), 2, q -> {
      sent.add(q);
      return CompletableFuture.completedFuture(BatchWriteItemResponse.builder().build());
    }, (task, delay) -> task.run(), Duration.ofSeconds(10), System::nanoTime, new BatchWrites.Counters(), f -> f);
    assertTrue(w.due().isEmpty(), "nothing gathered, nothing due");
    long before = System.nanoTime();
    AcknowledgementCount acks = new AcknowledgementCount();
    w.write(reading(0), acks);
    w.write(reading(1), acks);
    long due = w.due().orElseThrow();
    assertTrue(due - before >= 5_000_000 && due - System.nanoTime() <= 5_000_000, "5 ms after the oldest reading");
    w.write(reading(2), acks);
    assertEquals(1, sent.size(), "full: sent at once");
    assertTrue(w.due().isEmpty(), "a full batch went: nothing due");
    w.write(reading(3), acks);
    assertTrue(w.due().isPresent(), "the next batch's first reading starts its linger");
    w.flush();
    assertTrue(w.due().isEmpty(), "flushed: nothing due");
    assertEquals(4, acks.acknowledgedCount());
  }

  @Test
  void atMostTheRequestsInFlightAreOut() {
    List<CompletableFuture<BatchWriteItemResponse>> pending = new ArrayList<>();
    BatchWrites w = new BatchWrites(TABLE, 1, Duration.ZERO, 2, q -> {
      CompletableFuture<BatchWriteItemResponse> f = new CompletableFuture<>();
      pending.add(f);
      return f;
    }, (task, delay) -> task.run(), Duration.ofSeconds(10), System::nanoTime, new BatchWrites.Counters(), f -> f);
    AcknowledgementCount acks = new AcknowledgementCount();
    for (int i = 0; i < 5; i++) {
      w.write(reading(i), acks);
    }
    assertEquals(2, pending.size(), "three batches wait unsent");
    pending.get(0).complete(BatchWriteItemResponse.builder().build());
    assertEquals(3, pending.size(), "an answer lets the next go");
    for (int i = 1; i < 5; i++) {
      pending.get(i).complete(BatchWriteItemResponse.builder().build());
    }
    assertEquals(5, pending.size());
    assertEquals(5, acks.acknowledgedCount());
  }

  @Test
  void backoffGrowsToItsCap() {
    assertEquals(25, BatchWrites.backoffMillis(0, 1.0));
    assertEquals(200, BatchWrites.backoffMillis(3, 1.0));
    assertEquals(2_000, BatchWrites.backoffMillis(10, 1.0));
    assertEquals(1_000, BatchWrites.backoffMillis(30, 0.5));
  }
}

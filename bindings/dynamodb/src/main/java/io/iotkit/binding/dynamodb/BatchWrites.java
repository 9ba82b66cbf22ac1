package io.iotkit.binding.dynamodb;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.BatchLinger;
import io.iotkit.binding.Reading;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.LongSupplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The readings' writes: readings gathered into BatchWriteItem requests of up to the batch size (25 at most), each
 * sent without waiting; a reading is acknowledged when a BatchWriteItem answer shows DynamoDB accepted its item
 * (it is not among the answer's unprocessed items). Unprocessed items are sent again after a backoff, and so is a
 * whole batch DynamoDB refused for throttling, until the retry time is over; then their readings fail. Any other
 * failure fails the batch's readings at once.
 *
 * <p>A paced thread's partial batch is due once its oldest reading has waited the linger ({@link #due}).
 *
 * <p>At most {@code maxRequests} requests are out at once; further batches wait here, unsent, so that the SDK's call
 * timeout measures the store's answer and not a queue (an emulator that answers slowly would otherwise time out
 * requests it is still working on).
 *
 * <p>The backoff is exponential with full jitter, from {@value #BASE_MS} ms up to {@value #CAP_MS} ms, as AWS
 * recommends for BatchWriteItem's unprocessed items.
 */
final class BatchWrites {
  static final long BASE_MS = 25;
  static final long CAP_MS = 2_000;

  /** Runs {@code task} after {@code delayMillis}. */
  @FunctionalInterface
  interface Timer {
    void schedule(Runnable task, long delayMillis);
  }

  /** What happened to the writes: requests sent, throttled answers, answers with unprocessed items. */
  static final class Counters {
    final LongAdder requests = new LongAdder();
    final LongAdder throttled = new LongAdder();
    final LongAdder unprocessed = new LongAdder();
    final LongAdder unprocessedItems = new LongAdder();

    /** The counts by the names the reports show. */
    Map<String, Long> asMap() {
      Map<String, Long> m = new LinkedHashMap<>();
      m.put("dynamodb BatchWriteItem requests", requests.sum());
      m.put("dynamodb requests throttled and retried", throttled.sum());
      m.put("dynamodb BatchWriteItem answers with unprocessed items", unprocessed.sum());
      m.put("dynamodb unprocessed items sent again", unprocessedItems.sum());
      return m;
    }
  }

  private record Pending(Map<String, AttributeValue> item, Acknowledgement ack) {
  }

  private final String table;
  private final int batchSize;
  private final BatchLinger linger;
  private final Function<BatchWriteItemRequest, CompletableFuture<BatchWriteItemResponse>> sender;
  private final Timer timer;
  private final Duration retryTimeout;
  private final LongSupplier nanoClock;
  private final Counters counters;
  private final Function<Throwable, Throwable> wording;
  private final int maxRequests;
  private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
  private int outstanding;
  private Map<String, Pending> open = new LinkedHashMap<>();

  /**
   * @param sender  sends one request (the client's batchWriteItem)
   * @param wording turns a failed request's exception into the one the readings fail with
   */
  BatchWrites(String table, int batchSize, Duration linger, int maxRequests,
              Function<BatchWriteItemRequest, CompletableFuture<BatchWriteItemResponse>> sender, Timer timer,
              Duration retryTimeout, LongSupplier nanoClock, Counters counters,
              Function<Throwable, Throwable> wording) {
    this.table = table;
    this.batchSize = batchSize;
    this.linger = new BatchLinger(linger);
    this.maxRequests = maxRequests;
    this.sender = sender;
    this.timer = timer;
    this.retryTimeout = retryTimeout;
    this.nanoClock = nanoClock;
    this.counters = counters;
    this.wording = wording;
  }

  /** @throws NumberFormatException when the reading's value is not a number (the reading is not taken) */
  void write(Reading reading, Acknowledgement ack) {
    Map<String, AttributeValue> item = ReadingItems.item(reading);
    String key = ReadingItems.keyOf(item);
    Map<String, Pending> earlier = null;
    Map<String, Pending> full = null;
    synchronized (this) {
      if (open.containsKey(key)) {
        // one BatchWriteItem may not name a key twice: the earlier write goes first
        earlier = take();
      }
      open.put(key, new Pending(item, ack));
      linger.taken();
      if (open.size() >= batchSize) {
        full = take();
      }
    }
    if (earlier != null) {
      send(earlier, 0, nanoClock.getAsLong());
    }
    if (full != null) {
      send(full, 0, nanoClock.getAsLong());
    }
  }

  /** Sends the readings gathered so far, without waiting. */
  void flush() {
    Map<String, Pending> batch;
    synchronized (this) {
      batch = open.isEmpty() ? null : take();
    }
    if (batch != null) {
      send(batch, 0, nanoClock.getAsLong());
    }
  }

  /** When the gathered batch is due to be sent unfilled; empty when nothing is gathered or without a linger. */
  synchronized OptionalLong due() {
    return linger.due();
  }

  private Map<String, Pending> take() {
    Map<String, Pending> batch = open;
    open = new LinkedHashMap<>();
    linger.sent();
    return batch;
  }

  /** Sends the batch now, or once fewer than {@code maxRequests} are out. */
  private void send(Map<String, Pending> batch, int attempt, long firstNanos) {
    synchronized (this) {
      if (outstanding >= maxRequests) {
        waiting.add(() -> sendNow(batch, attempt, firstNanos));
        return;
      }
      outstanding++;
    }
    sendNow(batch, attempt, firstNanos);
  }

  /** An answer came: the next waiting batch takes its place. */
  private void released() {
    Runnable next;
    synchronized (this) {
      next = waiting.poll();
      if (next == null) {
        outstanding--;
      }
    }
    if (next != null) {
      next.run();
    }
  }

  private void sendNow(Map<String, Pending> batch, int attempt, long firstNanos) {
    List<WriteRequest> requests = new ArrayList<>(batch.size());
    for (Pending p : batch.values()) {
      requests.add(WriteRequest.builder().putRequest(PutRequest.builder().item(p.item()).build()).build());
    }
    BatchWriteItemRequest request = BatchWriteItemRequest.builder().requestItems(Map.of(table, requests)).build();
    counters.requests.increment();
    CompletableFuture<BatchWriteItemResponse> answer;
    try {
      answer = sender.apply(request);
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    answer.whenComplete((response, failure) -> {
      try {
        answered(batch, attempt, firstNanos, response, failure);
      } finally {
        released();
      }
    });
  }

  private void answered(Map<String, Pending> batch, int attempt, long firstNanos, BatchWriteItemResponse response,
                        Throwable failure) {
    if (failure != null) {
      if (DynamoConnection.throttled(failure)) {
        counters.throttled.increment();
        retry(batch, attempt, firstNanos, failure);
      } else {
        failAll(batch, wording.apply(DynamoConnection.unwrap(failure)));
      }
      return;
    }
    List<WriteRequest> left = response.hasUnprocessedItems()
        ? response.unprocessedItems().getOrDefault(table, List.of()) : List.of();
    Map<String, Pending> again = new LinkedHashMap<>();
    for (WriteRequest w : left) {
      if (w.putRequest() != null) {
        String key = ReadingItems.keyOf(w.putRequest().item());
        Pending p = batch.get(key);
        if (p != null) {
          again.put(key, p);
        }
      }
    }
    long answeredAt = nanoClock.getAsLong(); // one clock read for the answer's readings
    for (Map.Entry<String, Pending> e : batch.entrySet()) {
      if (!again.containsKey(e.getKey())) {
        e.getValue().ack().acknowledgedAt(answeredAt);
      }
    }
    if (!again.isEmpty()) {
      counters.unprocessed.increment();
      counters.unprocessedItems.add(again.size());
      retry(again, attempt, firstNanos, null);
    }
  }

  private void retry(Map<String, Pending> batch, int attempt, long firstNanos, Throwable failure) {
    long delay = backoffMillis(attempt, ThreadLocalRandom.current().nextDouble());
    long waited = nanoClock.getAsLong() - firstNanos;
    if (waited + delay * 1_000_000 > retryTimeout.toNanos()) {
      String why = failure == null ? batch.size() + " item(s) still unprocessed" : "still throttled";
      failAll(batch, new IllegalStateException("dynamodb: BatchWriteItem " + why + " after " + (attempt + 1)
          + " attempts over " + waited / 1_000_000 + " ms (" + DynamoSettings.RETRY_TIMEOUT + " "
          + retryTimeout.toMillis() + ")", failure));
      return;
    }
    timer.schedule(() -> send(batch, attempt + 1, firstNanos), delay);
  }

  /** Exponential backoff with full jitter: a {@code random} share (0 to 1) of min(cap, base * 2^attempt). */
  static long backoffMillis(int attempt, double random) {
    long ceiling = Math.min(CAP_MS, BASE_MS << Math.min(attempt, 20));
    return (long) (ceiling * random);
  }

  private static void failAll(Map<String, Pending> batch, Throwable cause) {
    for (Pending p : batch.values()) {
      p.ack().failed(cause);
    }
  }
}

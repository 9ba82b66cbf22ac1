package io.iotkit.binding.dynamodb;

import io.iotkit.binding.Acknowledgement;
import io.iotkit.binding.Aggregate;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.binding.WindowQueries;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.WindowStats;
import io.iotkit.binding.settings.BadPropertyException;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import site.ycsb.DBException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Stores readings in DynamoDB: one item per reading in the configured table ({@link ReadingItems}), written with
 * the asynchronous client's BatchWriteItem in batches of up to 25 ({@link BatchWrites}; a paced thread sends a
 * partial batch once its oldest reading has waited {@code dynamodb.batch.linger.ms}). A reading counts once a
 * BatchWriteItem answer shows DynamoDB accepted its item: DynamoDB answers a write once it is durable in the
 * region. Throttled requests and unprocessed items are retried with backoff and counted ({@link #clientCounters}).
 *
 * <p>Window queries are Query requests on the sensor's partition and the timestamp range, strongly consistent,
 * aggregated here ({@link WindowQuery}); the readings read are the items DynamoDB read.
 */
public final class DynamoBinding extends KitBinding implements WindowQueries {
  private DynamoConnection connection;
  private ScheduledExecutorService timer;
  private BatchWrites writes;
  private final BatchWrites.Counters counters = new BatchWrites.Counters();

  @Override
  public void init() throws DBException {
    DynamoSettings settings;
    try {
      settings = DynamoSettings.from(getProperties());
    } catch (BadPropertyException e) {
      throw new DBException("dynamodb: " + e.getMessage(), e);
    }
    DynamoConnection c = new DynamoConnection(settings, false);
    connection = c;
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "dynamodb-retry");
      t.setDaemon(true);
      return t;
    });
    ScheduledExecutorService retries = timer;
    writes = new BatchWrites(settings.table(), settings.batchSize(), settings.batchLinger(),
        settings.requestsInFlight(),
        c.client()::batchWriteItem,
        (task, delay) -> retries.schedule(task, delay, TimeUnit.MILLISECONDS), settings.retryTimeout(),
        System::nanoTime, counters, f -> c.failure("BatchWriteItem", f));
  }

  @Override
  public void write(Reading reading, Acknowledgement ack) throws DBException {
    try {
      writes.write(reading, ack);
    } catch (NumberFormatException e) {
      throw new DBException("dynamodb: reading " + reading.key() + " has a value that is not a number", e);
    }
  }

  @Override
  public void flush() {
    writes.flush();
  }

  @Override
  public OptionalLong flushDue() {
    return writes.due();
  }

  @Override
  public WindowResult aggregate(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros)
      throws DBException {
    if (toMicros <= fromMicros) {
      return WindowQuery.empty(fn);
    }
    DynamoSettings s = connection.settings();
    WindowStats stats = new WindowStats();
    Map<String, AttributeValue> start = null;
    int attempt = 0;
    long first = System.nanoTime();
    while (true) {
      QueryResponse page;
      try {
        page = connection.client().query(WindowQuery.page(s.table(), substation, sensor, fromMicros, toMicros, start))
            .join();
      } catch (CompletionException e) {
        if (!DynamoConnection.throttled(e) || System.nanoTime() - first > s.retryTimeout().toNanos()) {
          throw connection.failure("window query", e);
        }
        counters.throttled.increment();
        sleep(BatchWrites.backoffMillis(attempt++, ThreadLocalRandom.current().nextDouble()));
        continue;
      }
      WindowQuery.add(page, stats);
      if (!WindowQuery.more(page)) {
        return stats.result(fn);
      }
      start = page.lastEvaluatedKey();
    }
  }

  private static void sleep(long millis) throws DBException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("dynamodb: window query interrupted", e);
    }
  }

  /**
   * This binding object's requests: BatchWriteItem requests sent, requests refused for throttling and retried
   * (writes and window queries), BatchWriteItem answers with unprocessed items and the items sent again.
   */
  @Override
  public Map<String, Long> clientCounters() {
    return counters.asMap();
  }

  /** Sends what is held (the kit calls this once every reading was answered), then closes the client. */
  @Override
  public void cleanup() {
    if (writes != null) {
      writes.flush();
    }
    if (connection != null) {
      connection.close();
      connection = null;
    }
    if (timer != null) {
      timer.shutdownNow();
      timer = null;
    }
  }
}

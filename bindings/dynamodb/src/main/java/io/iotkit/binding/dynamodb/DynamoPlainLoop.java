package io.iotkit.binding.dynamodb;

import io.iotkit.binding.Reading;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import io.iotkit.binding.bench.PlainThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The reference for the kit's benchmark: the SDK's own BatchWriteItem of the binding's items (same table, keys and
 * batch size), each thread waiting for its request's answer and sending its unprocessed items again until none is
 * left, with nothing of the kit around it.
 */
final class DynamoPlainLoop implements PlainClientLoop {
  private final DynamoSettings settings;
  private DynamoConnection connection;

  /** @throws io.iotkit.binding.settings.BadPropertyException naming a bad binding property */
  DynamoPlainLoop(Properties properties) {
    settings = DynamoSettings.from(properties);
  }

  @Override
  public long write(String substation, PlainReading[] pool, long count, int threads) throws Exception {
    if (connection == null) {
      connection = new DynamoConnection(settings, true);
    }
    // Timestamps base + i for reading i: unique for every reading, so for every sensor.
    long base = System.currentTimeMillis() * 1_000;
    long acknowledged = PlainThreads.run(pool, count, threads, (mine, from, to) -> {
      List<WriteRequest> batch = new ArrayList<>(settings.batchSize());
      long done = 0;
      for (long i = from; i < to; i++) {
        PlainReading p = pool[mine[(int) ((i - from) % mine.length)]];
        Map<String, AttributeValue> item = ReadingItems.item(new Reading(substation, p.sensor(), base + i, p.value(),
            p.unit(), p.padding()));
        batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
        if (batch.size() == settings.batchSize() || i == to - 1) {
          done += writeAll(batch);
          batch = new ArrayList<>(settings.batchSize());
        }
      }
      return done;
    });
    if (acknowledged != count) {
      throw new IllegalStateException("dynamodb: " + acknowledged + " of " + count + " readings acknowledged");
    }
    return acknowledged;
  }

  /** One batch, its unprocessed items sent again (after a short pause) until DynamoDB took them all. */
  private long writeAll(List<WriteRequest> batch) throws Exception {
    List<WriteRequest> left = batch;
    for (int attempt = 0; !left.isEmpty(); attempt++) {
      if (attempt > 0) {
        Thread.sleep(BatchWrites.backoffMillis(attempt, 0.5));
      }
      BatchWriteItemResponse r = connection.await("BatchWriteItem", connection.client().batchWriteItem(
          BatchWriteItemRequest.builder().requestItems(Map.of(settings.table(), left)).build()));
      left = r.hasUnprocessedItems() ? r.unprocessedItems().getOrDefault(settings.table(), List.of()) : List.of();
    }
    return batch.size();
  }

  @Override
  public void close() {
    if (connection != null) {
      connection.close();
      connection = null;
    }
  }
}

package io.iotkit.binding.dynamodb;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The write retries of the driver instances, brought to the master: each binding object, when it ends, puts one
 * item with its counters into the readings table under the partition key {@value #PARTITION} (it has no ':', so no
 * reading's partition is it and the counts never see it), and the master sums that partition for the iteration's
 * store measurements. The purge deletes it with the table.
 */
final class RetryCounters {
  static final String PARTITION = "kit-write-retries";
  static final String REQUESTS = "requests";
  static final String THROTTLED = "throttled";
  static final String UNPROCESSED = "unprocessed";
  static final String UNPROCESSED_ITEMS = "unprocessed_items";

  private RetryCounters() {
  }

  /** Puts this binding's counters (nothing when it sent nothing); a failure loses only the counters. */
  static void record(DynamoConnection connection, BatchWrites.Counters c) {
    if (c.requests.sum() == 0 && c.throttled.sum() == 0) {
      return;
    }
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put(ReadingItems.PK, AttributeValue.fromS(PARTITION));
    item.put(ReadingItems.TS, AttributeValue.fromN(Long.toString(ThreadLocalRandom.current().nextLong(1,
        Long.MAX_VALUE))));
    item.put(REQUESTS, AttributeValue.fromN(Long.toString(c.requests.sum())));
    item.put(THROTTLED, AttributeValue.fromN(Long.toString(c.throttled.sum())));
    item.put(UNPROCESSED, AttributeValue.fromN(Long.toString(c.unprocessed.sum())));
    item.put(UNPROCESSED_ITEMS, AttributeValue.fromN(Long.toString(c.unprocessedItems.sum())));
    try {
      connection.client().putItem(PutItemRequest.builder().tableName(connection.settings().table()).item(item)
          .build()).join();
    } catch (CompletionException e) {
      // the readings are answered already; the measurement then lacks this binding's share
    }
  }

  /** The sums over every binding object that recorded, as the run report's store measurements. */
  static Map<String, String> sums(DynamoConnection connection) throws site.ycsb.DBException {
    long[] sums = new long[5];
    Map<String, AttributeValue> start = null;
    do {
      QueryRequest.Builder q = QueryRequest.builder().tableName(connection.settings().table())
          .keyConditionExpression("#pk = :pk").expressionAttributeNames(Map.of("#pk", ReadingItems.PK))
          .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(PARTITION))).consistentRead(true);
      if (start != null) {
        q.exclusiveStartKey(start);
      }
      QueryResponse page = connection.await("reading the write retries", connection.client().query(q.build()));
      for (Map<String, AttributeValue> item : page.items()) {
        sums[0]++;
        sums[1] += number(item, REQUESTS);
        sums[2] += number(item, THROTTLED);
        sums[3] += number(item, UNPROCESSED);
        sums[4] += number(item, UNPROCESSED_ITEMS);
      }
      start = WindowQuery.more(page) ? page.lastEvaluatedKey() : null;
    } while (start != null);
    Map<String, String> m = new LinkedHashMap<>();
    m.put("dynamodb BatchWriteItem requests", sums[1] + " (from " + sums[0] + " binding objects)");
    m.put("dynamodb requests throttled and retried", Long.toString(sums[2]));
    m.put("dynamodb BatchWriteItem answers with unprocessed items", sums[3] + " (" + sums[4]
        + " items sent again)");
    return m;
  }

  private static long number(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.n() == null ? 0 : Long.parseLong(v.n());
  }
}

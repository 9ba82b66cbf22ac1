package io.iotkit.binding.dynamodb;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.WindowStats;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The window query as DynamoDB Query requests: the key condition names the sensor's partition and the sort-key range
 * {@code from <= ts <= to - 1} (timestamps are whole µs, so that is {@code [from, to)}), with strongly consistent
 * reads, the value projected; page after page until DynamoDB says there is no more. The binding aggregates the
 * values ({@link WindowStats}); the records read are the items DynamoDB read (ScannedCount), which for a key
 * condition alone are the items returned.
 */
final class WindowQuery {
  private WindowQuery() {
  }

  /** The request for one page; {@code start} is the previous page's LastEvaluatedKey, or null for the first. */
  static QueryRequest page(String table, String substation, String sensor, long fromMicros, long toMicros,
                           Map<String, AttributeValue> start) {
    QueryRequest.Builder b = QueryRequest.builder()
        .tableName(table)
        .keyConditionExpression("#pk = :pk AND #ts BETWEEN :from AND :last")
        .expressionAttributeNames(Map.of("#pk", ReadingItems.PK, "#ts", ReadingItems.TS, "#v", ReadingItems.VALUE))
        .expressionAttributeValues(Map.of(
            ":pk", AttributeValue.fromS(ReadingItems.partition(substation, sensor)),
            ":from", AttributeValue.fromN(Long.toString(fromMicros)),
            ":last", AttributeValue.fromN(Long.toString(toMicros - 1))))
        .projectionExpression("#v")
        .consistentRead(true);
    if (start != null && !start.isEmpty()) {
      b.exclusiveStartKey(start);
    }
    return b.build();
  }

  /** Adds one page's items to {@code stats}; the items DynamoDB read beyond those returned are counted skipped. */
  static void add(QueryResponse page, WindowStats stats) {
    for (Map<String, AttributeValue> item : page.items()) {
      stats.add(Double.parseDouble(item.get(ReadingItems.VALUE).n()));
    }
    int scanned = page.scannedCount() == null ? page.count() : page.scannedCount();
    for (int i = page.count(); i < scanned; i++) {
      stats.skipped();
    }
  }

  /** Whether there is another page. */
  static boolean more(QueryResponse page) {
    return page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty();
  }

  /** The answer for an empty window ({@code to <= from}), which DynamoDB's BETWEEN would refuse. */
  static WindowResult empty(Aggregate fn) {
    return new WindowStats().result(fn);
  }
}

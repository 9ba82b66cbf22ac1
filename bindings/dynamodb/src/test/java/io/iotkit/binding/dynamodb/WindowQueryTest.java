package io.iotkit.binding.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.WindowStats;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

class WindowQueryTest {

  @Test
  void aKeyConditionOnTheSensorsPartitionAndTheTimestampRange() {
    QueryRequest q = WindowQuery.page("t", "sub", "vibration-01", 1_000, 2_000, null);
    assertEquals("#pk = :pk AND #ts BETWEEN :from AND :last", q.keyConditionExpression());
    assertEquals(AttributeValue.fromS("sub:vibration-01"), q.expressionAttributeValues().get(":pk"));
    assertEquals(AttributeValue.fromN("1000"), q.expressionAttributeValues().get(":from"));
    assertEquals(AttributeValue.fromN("1999"), q.expressionAttributeValues().get(":last"), "to is excluded");
    assertTrue(q.consistentRead());
    assertEquals("#v", q.projectionExpression());
    assertEquals("value", q.expressionAttributeNames().get("#v"));
    assertFalse(q.hasExclusiveStartKey());
    Map<String, AttributeValue> last = Map.of("pk", AttributeValue.fromS("sub:vibration-01"), "ts",
        AttributeValue.fromN("1500"));
    assertEquals(last, WindowQuery.page("t", "sub", "vibration-01", 1_000, 2_000, last).exclusiveStartKey());
  }

  @Test
  void pagesAggregatedAndItemsReadCounted() {
    WindowStats stats = new WindowStats();
    QueryResponse first = QueryResponse.builder().items(List.of(Map.of("value", AttributeValue.fromN("2.5")),
        Map.of("value", AttributeValue.fromN("-1")))).count(2).scannedCount(2)
        .lastEvaluatedKey(Map.of("pk", AttributeValue.fromS("x"), "ts", AttributeValue.fromN("1"))).build();
    QueryResponse second = QueryResponse.builder().items(List.of(Map.of("value", AttributeValue.fromN("4"))))
        .count(1).scannedCount(1).build();
    WindowQuery.add(first, stats);
    assertTrue(WindowQuery.more(first));
    WindowQuery.add(second, stats);
    assertFalse(WindowQuery.more(second));
    WindowResult max = stats.result(Aggregate.MAX);
    assertEquals(3, max.count());
    assertEquals(4.0, max.value());
    assertEquals(3, max.read());
    assertEquals(5.5 / 3, stats.result(Aggregate.AVG).value(), 1e-12);
  }

  @Test
  void anEmptyWindowAsksNothing() {
    WindowResult r = WindowQuery.empty(Aggregate.MIN);
    assertEquals(0, r.count());
    assertTrue(Double.isNaN(r.value()));
  }
}

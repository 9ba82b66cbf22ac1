package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The data check on the local DynamoDB emulator (dynalite) fails with the exact per-substation difference when
 * items appear or go missing behind the kit's back, and when readings are dropped, written twice or written under
 * another substation ({@link StoreFaults}).
 */
class DynamoDbDataLossIT {
  private static final String TABLE = "iot_readings";

  @Test
  void itemsChangedBehindTheKitsBackAndStoreFaultsFailTheDataCheck(@TempDir Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start("dynamodb", work, new Properties());
         DynamoDbClient client = DynamoDbClient.builder()
             .endpointOverride(URI.create(h.properties.getProperty("dynamodb.endpoint")))
             .region(Region.US_EAST_1)
             // dynalite checks no signature; these are no one's credentials
             .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("outside", "outside")))
             .build()) {
      String sub = "loss-1-000";
      h.admin.prepare(List.of(sub));
      InstanceResult written = h.write(sub, 5_000, 4);
      assertEquals(5_000, written.acknowledged());
      assertTrue(h.dataCheck(sub, written.acknowledged()).passed(), "nothing lost yet");

      // Five items put straight into one of the kit's sensor partitions, at instants the kit never wrote (the
      // count queries the kit's sensor partitions, so an item under a sensor the kit never writes is not its).
      String partition = client.scan(ScanRequest.builder().tableName(TABLE).limit(1).build()).items().get(0)
          .get("pk").s();
      assertTrue(partition.startsWith(sub + ":"), partition);
      List<WriteRequest> extra = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        extra.add(WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of(
            "pk", AttributeValue.fromS(partition), "ts", AttributeValue.fromN(Long.toString(1_000 + i)),
            "value", AttributeValue.fromN("1"), "unit", AttributeValue.fromS("x"),
            "padding", AttributeValue.fromS("p"))).build()).build());
      }
      writeAll(client, extra);
      CheckResult more = h.dataCheck(sub, written.acknowledged());
      assertFalse(more.passed());
      assertEquals("5005", more.measured().text());
      assertEquals("substation loss-1-000: 5 more than written", more.why());

      // The whole partition deleted: the five extra items and that sensor's own readings.
      List<WriteRequest> deletes = new ArrayList<>();
      for (Map<String, AttributeValue> item : client.queryPaginator(QueryRequest.builder().tableName(TABLE)
          .keyConditionExpression("pk = :pk").expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)))
          .consistentRead(true).build()).items()) {
        deletes.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(Map.of("pk", item.get("pk"),
            "ts", item.get("ts"))).build()).build());
      }
      long sensorsOwn = deletes.size() - 5;
      assertTrue(sensorsOwn > 0, "the sensor had readings of the kit's: " + sensorsOwn);
      writeAll(client, deletes);
      CheckResult lost = h.dataCheck(sub, written.acknowledged());
      assertFalse(lost.passed());
      assertEquals(Long.toString(5_000 - sensorsOwn), lost.measured().text());
      assertEquals("substation loss-1-000: " + sensorsOwn + " acknowledged readings missing", lost.why());

      // An item's key is the sensor's partition and the timestamp: the same reading written twice is one item, so
      // the fault that leaves extra readings is a batch retried under new keys.
      StoreFaults.failTheDataCheck(h, "fault", FaultyBinding.Kind.DUPLICATE_NEW_KEY);

      h.admin.purge();
      assertEquals(0, h.admin.totalReadings(List.of(sub, "fault-1-000", "fault-3-001")), "the table is empty");
    }
  }

  /** Writes the requests 25 at a time (BatchWriteItem's limit), sending unprocessed ones again. */
  private static void writeAll(DynamoDbClient client, List<WriteRequest> requests) {
    for (int from = 0; from < requests.size(); from += 25) {
      List<WriteRequest> batch = requests.subList(from, Math.min(requests.size(), from + 25));
      Map<String, List<WriteRequest>> left = Map.of(TABLE, batch);
      while (!left.isEmpty()) {
        BatchWriteItemResponse r = client.batchWriteItem(BatchWriteItemRequest.builder().requestItems(left).build());
        left = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
      }
    }
  }
}

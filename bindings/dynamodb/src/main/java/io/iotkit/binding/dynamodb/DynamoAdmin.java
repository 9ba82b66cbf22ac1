package io.iotkit.binding.dynamodb;

import io.iotkit.binding.Replication;
import io.iotkit.binding.ReadingFormat;
import io.iotkit.binding.StoreAdmin;
import io.iotkit.binding.errors.ConnectFailures;
import io.iotkit.binding.errors.TcpProbe;
import io.iotkit.binding.settings.BadPropertyException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import site.ycsb.DBException;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * What the master asks of DynamoDB: the table made by {@code prepare} (on-demand or provisioned capacity, as the
 * settings say; partition key and sort
 * key as {@link ReadingItems} lays them out) once ACTIVE, exact counts per substation (a Scan of the keys, by the
 * substation each partition key begins with), the purge (the table deleted and made again), the watch's ping
 * (DescribeTable), the replication by the endpoint ({@link ReplicationRule}), and whether the endpoint is an
 * emulator.
 */
public final class DynamoAdmin implements StoreAdmin {
  /** How long a table may take to become ACTIVE or to go; DynamoDB takes seconds to minutes. */
  private static final long TABLE_WAIT_MS = 600_000;
  private static final Duration CONNECT_PROBE = Duration.ofSeconds(10);
  /** Parallel segments of the count's Scan. */
  private static final int COUNT_SEGMENTS = 4;

  private final DynamoConnection connection;

  private DynamoAdmin(DynamoConnection connection) {
    this.connection = connection;
  }

  /** Connects and lists one table, so an unreachable endpoint or refused credentials are one line at once. */
  public static DynamoAdmin open(Properties properties) throws DBException {
    DynamoSettings settings;
    try {
      settings = DynamoSettings.from(properties);
    } catch (BadPropertyException e) {
      throw new DBException("dynamodb: " + e.getMessage(), e);
    }
    // the SDK's HTTP pool can wait out the whole call's time limit when nothing listens at the endpoint
    Optional<String> unreachable = settings.endpointAddress()
        .flatMap(a -> TcpProbe.unreachable(List.of(a), CONNECT_PROBE));
    if (unreachable.isPresent()) {
      throw new DBException(ConnectFailures.cannotConnect("dynamodb", settings.address(), unreachable.get()));
    }
    DynamoConnection connection = new DynamoConnection(settings, true);
    try {
      DynamoAdmin admin = new DynamoAdmin(connection);
      admin.ping();
      return admin;
    } catch (DBException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  @Override
  public Replication replication() {
    return ReplicationRule.of(connection.settings());
  }

  /** The table, unless it exists with the binding's key schema; ready once ACTIVE. */
  @Override
  public void prepare(List<String> substations) throws DBException {
    Optional<TableDescription> table = describe();
    if (table.isPresent() && table.get().tableStatus() == TableStatus.DELETING) {
      awaitGone();
      table = Optional.empty();
    }
    if (table.isEmpty()) {
      create();
    } else {
      checkKeys(table.get());
    }
    awaitActive();
  }

  private String name() {
    return connection.settings().table();
  }

  static CreateTableRequest createRequest(String table, DynamoSettings.Capacity capacity) {
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(table);
    if (capacity.provisioned()) {
      b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(ProvisionedThroughput.builder()
          .writeCapacityUnits(capacity.writeUnits()).readCapacityUnits(capacity.readUnits()).build());
    } else {
      b.billingMode(BillingMode.PAY_PER_REQUEST);
    }
    return b
        .attributeDefinitions(
            AttributeDefinition.builder().attributeName(ReadingItems.PK).attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName(ReadingItems.TS).attributeType(ScalarAttributeType.N).build())
        .keySchema(
            KeySchemaElement.builder().attributeName(ReadingItems.PK).keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName(ReadingItems.TS).keyType(KeyType.RANGE).build())
        .build();
  }

  private void create() throws DBException {
    connection.await("creating table " + name(), connection.client().createTable(
        createRequest(name(), connection.settings().capacity())));
  }

  /** A table of the same name made otherwise cannot hold the readings: one line naming what differs. */
  private void checkKeys(TableDescription t) throws DBException {
    List<String> keys = t.keySchema().stream().map(k -> k.attributeName() + " " + k.keyType()).toList();
    if (!keys.equals(List.of(ReadingItems.PK + " HASH", ReadingItems.TS + " RANGE"))) {
      throw new DBException("dynamodb: table " + name() + " at " + connection.settings().address() + " has the key "
          + keys + ", not [" + ReadingItems.PK + " HASH, " + ReadingItems.TS + " RANGE]; name another table in "
          + DynamoSettings.TABLE + " or delete it");
    }
  }

  private Optional<TableDescription> describe() throws DBException {
    try {
      return Optional.of(connection.client().describeTable(DescribeTableRequest.builder().tableName(name()).build())
          .get().table());
    } catch (ExecutionException e) {
      if (DynamoConnection.unwrap(e) instanceof ResourceNotFoundException) {
        return Optional.empty();
      }
      throw connection.failure("describing table " + name(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("dynamodb: interrupted", e);
    }
  }

  private void awaitActive() throws DBException {
    long deadline = System.currentTimeMillis() + TABLE_WAIT_MS;
    while (true) {
      Optional<TableDescription> t = describe();
      if (t.isPresent() && t.get().tableStatus() == TableStatus.ACTIVE) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new DBException("dynamodb: table " + name() + " at " + connection.settings().address()
            + " is not ACTIVE after " + TABLE_WAIT_MS / 1000 + " s (" + t.map(d -> d.tableStatusAsString())
            .orElse("missing") + ")");
      }
      pause();
    }
  }

  private void awaitGone() throws DBException {
    long deadline = System.currentTimeMillis() + TABLE_WAIT_MS;
    while (describe().isPresent()) {
      if (System.currentTimeMillis() > deadline) {
        throw new DBException("dynamodb: table " + name() + " at " + connection.settings().address()
            + " is still there " + TABLE_WAIT_MS / 1000 + " s after it was deleted");
      }
      pause();
    }
  }

  private static void pause() throws DBException {
    try {
      Thread.sleep(250);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("dynamodb: interrupted", e);
    }
  }

  /**
   * Exact counts: one strongly consistent Scan of the table's keys in {@value #COUNT_SEGMENTS} parallel segments,
   * each item counted under the substation its partition key begins with. Every item under a substation's key
   * counts, whatever its sensor: a reading written under a sensor the driver does not have is still the
   * substation's, and the data check must see it.
   */
  @Override
  public Map<String, Long> countReadings(List<String> substations) throws DBException {
    List<CompletableFuture<Map<String, Long>>> segments = new ArrayList<>();
    for (int segment = 0; segment < COUNT_SEGMENTS; segment++) {
      segments.add(countSegment(segment, null, new HashMap<>()));
    }
    Map<String, Long> counts = new LinkedHashMap<>();
    substations.forEach(s -> counts.put(s, 0L));
    for (CompletableFuture<Map<String, Long>> segment : segments) {
      connection.await("counting the readings", segment).forEach((s, n) -> counts.computeIfPresent(s,
          (k, sofar) -> sofar + n));
    }
    return counts;
  }

  /** Counts one segment's items by substation, page after page; each page's callback runs after the last. */
  private CompletableFuture<Map<String, Long>> countSegment(int segment, Map<String, AttributeValue> start,
                                                           Map<String, Long> tally) {
    ScanRequest.Builder scan = ScanRequest.builder().tableName(name()).projectionExpression("#pk")
        .expressionAttributeNames(Map.of("#pk", ReadingItems.PK)).segment(segment).totalSegments(COUNT_SEGMENTS)
        .consistentRead(true);
    if (start != null) {
      scan.exclusiveStartKey(start);
    }
    return connection.client().scan(scan.build()).thenCompose((ScanResponse page) -> {
      for (Map<String, AttributeValue> item : page.items()) {
        ReadingFormat.substationOf(item.get(ReadingItems.PK).s()).ifPresent(s -> tally.merge(s, 1L, Long::sum));
      }
      return page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()
          ? countSegment(segment, page.lastEvaluatedKey(), tally) : CompletableFuture.completedFuture(tally);
    });
  }

  /** Deletes the table with every item and makes it again (DynamoDB's one-request way to empty a table). */
  @Override
  public void purge() throws DBException {
    Optional<TableDescription> t = describe();
    if (t.isPresent() && t.get().tableStatus() != TableStatus.DELETING) {
      if (t.get().tableStatus() != TableStatus.ACTIVE) {
        awaitActive();
      }
      try {
        connection.client().deleteTable(DeleteTableRequest.builder().tableName(name()).build()).get();
      } catch (ExecutionException e) {
        if (!(DynamoConnection.unwrap(e) instanceof ResourceNotFoundException)) {
          throw connection.failure("deleting table " + name(), e.getCause());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DBException("dynamodb: interrupted", e);
      }
    }
    awaitGone();
    create();
    awaitActive();
  }

  @Override
  public void ping() throws DBException {
    // DescribeTable is a point read in an emulator too (dynalite answers ListTables by iterating its LevelDB, which
    // under load took longer than the watch waits); a table not made yet is an answer all the same
    describe();
  }

  @Override
  public Optional<String> emulator() {
    return EndpointIdentity.emulator(connection.settings());
  }

  /** The table as DynamoDB describes it, and the item's attributes. */
  @Override
  public Map<String, String> dataLayout() throws DBException {
    Map<String, String> layout = new LinkedHashMap<>();
    layout.put("table", name());
    Optional<TableDescription> t = describe();
    t.ifPresent(d -> {
      layout.put("key", d.keySchema().stream().map(k -> k.attributeName() + " (" + k.keyTypeAsString() + ")")
          .toList().toString());
      String mode = d.billingModeSummary() == null ? null : d.billingModeSummary().billingModeAsString();
      var units = d.provisionedThroughput();
      boolean provisioned = units != null && units.writeCapacityUnits() != null && units.writeCapacityUnits() > 0;
      layout.put("capacity", (mode == null ? provisioned ? "PROVISIONED" : "(not reported)" : mode)
          + (provisioned ? " (" + units.writeCapacityUnits() + " WCU, " + units.readCapacityUnits() + " RCU)" : ""));
      layout.put("status", d.tableStatusAsString());
    });
    layout.put("item", ReadingItems.PK + " (string, substation:sensor, partition key), " + ReadingItems.TS
        + " (number, µs, sort key), " + ReadingItems.VALUE + " (number), " + ReadingItems.UNIT + ", "
        + ReadingItems.PADDING + " (strings)");
    layout.put("readings per BatchWriteItem", Integer.toString(connection.settings().batchSize()));
    return layout;
  }

  /** What the endpoint is, the region, the capacity mode and the binding's settings (never credentials). */
  @Override
  public Map<String, String> sutSettings() {
    DynamoSettings s = connection.settings();
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("version", EndpointIdentity.describe(s));
    settings.put("durability", s.aws()
        ? "a reading counts once a BatchWriteItem answer shows DynamoDB accepted its item (DynamoDB answers a"
            + " write once it is durable in the region)"
        : "a reading counts once a BatchWriteItem answer shows the endpoint accepted its item; an emulator's"
            + " durability is its own (dynalite writes LevelDB without fsync)");
    settings.put("setting.dynamodb.endpoint", s.endpoint().map(Object::toString).orElse(DynamoSettings.AWS));
    settings.put("setting.dynamodb.region", s.region().orElse("(the SDK's default chain)"));
    settings.put("setting.dynamodb.table", s.table());
    settings.put("setting.dynamodb.billing.mode", s.capacity().text() + (s.capacity().provisioned() && !s.aws()
        ? " (an emulator's: dynalite takes the units and does not enforce them)" : ""));
    settings.put("setting.dynamodb.batch.size", Integer.toString(s.batchSize()));
    settings.put("setting.dynamodb.batch.linger.ms", Long.toString(s.batchLinger().toMillis()));
    settings.put("setting.dynamodb.retry.timeout.ms", Long.toString(s.retryTimeout().toMillis()));
    return settings;
  }

  @Override
  public void close() {
    connection.close();
  }
}

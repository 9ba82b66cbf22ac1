package io.iotkit.binding.influxdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.binding.Aggregate;
import java.util.List;
import org.junit.jupiter.api.Test;

class InfluxQlTest {

  @Test
  void windowQueriesAggregateOneSeriesTimeRangeOnTheServer() {
    assertEquals("SELECT count(value), max(value) FROM \"reading\" WHERE substation = 's-1' AND sensor = 'ltc-1'"
        + " AND time >= 1000u AND time < 6000u", InfluxQl.window(Aggregate.MAX, "s-1", "ltc-1", 1000, 6000));
    assertEquals("SELECT count(value), mean(value) FROM \"reading\" WHERE substation = 's' AND sensor = 'x'"
        + " AND time >= 1u AND time < 2u", InfluxQl.window(Aggregate.AVG, "s", "x", 1, 2));
    assertEquals("SELECT count(value), min(value) FROM \"reading\" WHERE substation = 's' AND sensor = 'x'"
        + " AND time >= 1u AND time < 2u", InfluxQl.window(Aggregate.MIN, "s", "x", 1, 2));
    assertEquals("SELECT count(value) FROM \"reading\" WHERE substation = 's' AND sensor = 'x'"
        + " AND time >= 1u AND time < 2u", InfluxQl.window(Aggregate.COUNT, "s", "x", 1, 2));
  }

  @Test
  void literalsAndIdentifiersAreQuoted() {
    assertEquals("'it\\'s a \\\\ test'", InfluxQl.literal("it's a \\ test"));
    assertEquals("\"my \\\"db\\\"\"", InfluxQl.identifier("my \"db\""));
    assertEquals("CREATE DATABASE \"iot\"", InfluxQl.createDatabase("iot"));
    assertEquals("DROP MEASUREMENT \"reading\"", InfluxQl.dropReadings());
  }

  @Test
  void oneCountStatementPerSubstationInOrder() {
    assertEquals("SELECT count(value) FROM \"reading\" WHERE substation = 'a'; SELECT count(value) FROM \"reading\""
        + " WHERE substation = 'b'", InfluxQl.counts(List.of("a", "b")));
  }
}

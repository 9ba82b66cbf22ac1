package io.iotkit.binding.dynamodb;

import io.iotkit.binding.Reading;
import io.iotkit.binding.ReadingFormat;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A reading as one item of the readings table: the partition key {@value #PK} is the substation and the sensor
 * ({@code substation:sensor}, a string; the kit's keys never hold ':'), so one sensor's readings lie in one
 * partition; the sort key {@value #TS} is the timestamp in µs (a number), so a window is one key range; then value
 * (a number), unit and padding (strings).
 */
final class ReadingItems {
  static final String PK = "pk";
  static final String TS = "ts";
  static final String VALUE = "value";
  static final String UNIT = "unit";
  static final String PADDING = "padding";

  private ReadingItems() {
  }

  /** The partition key of one sensor of one substation. */
  static String partition(String substation, String sensor) {
    return ReadingFormat.sensorKey(substation, sensor);
  }

  /** @throws NumberFormatException when the reading's value is not a decimal number (DynamoDB has no NaN) */
  static Map<String, AttributeValue> item(Reading r) {
    new BigDecimal(r.value().strip());
    return Map.of(
        PK, AttributeValue.fromS(partition(r.substation(), r.sensor())),
        TS, AttributeValue.fromN(Long.toString(r.micros())),
        VALUE, AttributeValue.fromN(r.value().strip()),
        UNIT, AttributeValue.fromS(r.unit()),
        PADDING, AttributeValue.fromS(new String(r.padding(), StandardCharsets.US_ASCII)));
  }

  /** The item's primary key, which tells the items of one BatchWriteItem apart. */
  static String keyOf(Map<String, AttributeValue> item) {
    return item.get(PK).s() + ReadingFormat.SEPARATOR + item.get(TS).n();
  }
}

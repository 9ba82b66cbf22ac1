package io.iotkit.binding.mongodb;

import io.iotkit.binding.Reading;
import java.nio.charset.StandardCharsets;
import org.bson.Document;

/**
 * A reading as one document of the readings collection: substation and sensor (strings), timestamp (epoch µs, a
 * 64-bit integer), value (a double, so the server can aggregate it), unit and padding (strings). The driver adds
 * the {@code _id}.
 */
final class ReadingDocuments {
  static final String SUBSTATION = "substation";
  static final String SENSOR = "sensor";
  static final String TIMESTAMP = "timestamp";
  static final String VALUE = "value";
  static final String UNIT = "unit";
  static final String PADDING = "padding";

  private ReadingDocuments() {
  }

  /** @throws NumberFormatException when the reading's value is not a number */
  static Document of(Reading r) {
    return new Document(SUBSTATION, r.substation())
        .append(SENSOR, r.sensor())
        .append(TIMESTAMP, r.micros())
        .append(VALUE, Double.parseDouble(r.value()))
        .append(UNIT, r.unit())
        .append(PADDING, new String(r.padding(), StandardCharsets.US_ASCII));
  }
}

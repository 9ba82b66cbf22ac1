package io.iotkit.binding.mongodb;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowResult;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The window query as an aggregation pipeline the server runs: {@code $match} on substation, sensor and
 * {@code from <= timestamp < to} (the compound index {substation, sensor, timestamp} serves it on MongoDB), then
 * one {@code $group} with the count and the aggregate of value.
 */
final class WindowPipeline {
  static final String COUNT = "count";
  static final String RESULT = "result";

  private WindowPipeline() {
  }

  static List<Bson> of(Aggregate fn, String substation, String sensor, long fromMicros, long toMicros) {
    Document match = new Document(ReadingDocuments.SUBSTATION, substation)
        .append(ReadingDocuments.SENSOR, sensor)
        .append(ReadingDocuments.TIMESTAMP, new Document("$gte", fromMicros).append("$lt", toMicros));
    Document group = new Document("_id", null).append(COUNT, new Document("$sum", 1));
    if (fn != Aggregate.COUNT) {
      group.append(RESULT, new Document(operator(fn), "$" + ReadingDocuments.VALUE));
    }
    return List.of(new Document("$match", match), new Document("$group", group));
  }

  private static String operator(Aggregate fn) {
    return switch (fn) {
      case MAX -> "$max";
      case MIN -> "$min";
      case AVG -> "$avg";
      case COUNT -> throw new IllegalArgumentException("COUNT is the count");
    };
  }

  /**
   * The answer from the pipeline's one document, or from none (an empty window). The server does not tell how
   * many documents it examined through an aggregate's answer, so the reads are not measured.
   */
  static WindowResult answer(Aggregate fn, Document group) {
    if (group == null) {
      return new WindowResult(0, fn == Aggregate.COUNT ? 0 : Double.NaN);
    }
    long count = ((Number) group.get(COUNT)).longValue();
    if (fn == Aggregate.COUNT) {
      return new WindowResult(count, count);
    }
    Object v = group.get(RESULT);
    return new WindowResult(count, v instanceof Number n ? n.doubleValue() : Double.NaN);
  }
}

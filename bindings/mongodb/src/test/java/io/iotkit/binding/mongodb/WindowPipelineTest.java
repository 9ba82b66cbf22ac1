package io.iotkit.binding.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowResult;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;

class WindowPipelineTest {
  private static String json(List<Bson> pipeline) {
    return pipeline.stream().map(b -> ((Document) b).toJson()).toList().toString();
  }

  @Test
  void matchesTheSensorsHalfOpenWindowThenGroupsOnce() {
    assertEquals("[{\"$match\": {\"substation\": \"s1\", \"sensor\": \"ltc-1\", \"timestamp\": {\"$gte\": 100,"
            + " \"$lt\": 200}}}, {\"$group\": {\"_id\": null, \"count\": {\"$sum\": 1}, \"result\": {\"$max\":"
            + " \"$value\"}}}]",
        json(WindowPipeline.of(Aggregate.MAX, "s1", "ltc-1", 100, 200)));
    assertTrue(json(WindowPipeline.of(Aggregate.MIN, "s", "x", 0, 1)).contains("{\"$min\": \"$value\"}"));
    assertTrue(json(WindowPipeline.of(Aggregate.AVG, "s", "x", 0, 1)).contains("{\"$avg\": \"$value\"}"));
    String count = json(WindowPipeline.of(Aggregate.COUNT, "s", "x", 0, 1));
    assertTrue(count.endsWith("{\"$group\": {\"_id\": null, \"count\": {\"$sum\": 1}}}]"), count);
  }

  @Test
  void theGroupsDocumentIsTheAnswer() {
    Document group = Document.parse("{_id: null, count: 3, result: 7.5}");
    assertEquals(new WindowResult(3, 7.5), WindowPipeline.answer(Aggregate.AVG, group));
    assertEquals(new WindowResult(4, 4), WindowPipeline.answer(Aggregate.COUNT, Document.parse("{count: 4}")));
    WindowResult empty = WindowPipeline.answer(Aggregate.MAX, null);
    assertEquals(0, empty.count());
    assertTrue(Double.isNaN(empty.value()));
    assertEquals(new WindowResult(0, 0), WindowPipeline.answer(Aggregate.COUNT, null));
  }
}

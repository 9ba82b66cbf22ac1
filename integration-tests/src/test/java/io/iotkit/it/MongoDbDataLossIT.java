package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data check on the local MongoDB wire-protocol emulator fails with the exact per-substation difference when
 * documents appear or go missing behind the kit's back, and when readings are dropped, written twice or written
 * under another substation ({@link StoreFaults}).
 */
class MongoDbDataLossIT {

  @Test
  void documentsChangedBehindTheKitsBackAndStoreFaultsFailTheDataCheck(@TempDir Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start("mongodb", work, new Properties());
         MongoClient client = MongoClients.create("mongodb://" + h.properties.getProperty("mongodb.hosts")
             + "/?directConnection=true")) {
      MongoCollection<Document> readings = client.getDatabase("iot").getCollection("readings");
      String sub = "loss-1-000";
      h.admin.prepare(List.of(sub));
      InstanceResult written = h.write(sub, 5_000, 4);
      assertEquals(5_000, written.acknowledged());
      assertTrue(h.dataCheck(sub, written.acknowledged()).passed(), "nothing lost yet");

      // Five documents of a sensor the kit never wrote, inserted straight into the collection.
      List<Document> extra = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        extra.add(new Document("substation", sub).append("sensor", "intruder").append("timestamp", 1_767_225_600_000_000L
            + i).append("value", 1.0).append("unit", "x").append("padding", "p"));
      }
      readings.insertMany(extra);
      CheckResult more = h.dataCheck(sub, written.acknowledged());
      assertFalse(more.passed());
      assertEquals("5005", more.measured().text());
      assertEquals("substation loss-1-000: 5 more than written", more.why());

      // The intruders and one sensor's readings deleted.
      String sensor = readings.find(Filters.and(Filters.eq("substation", sub), Filters.ne("sensor", "intruder")))
          .first().getString("sensor");
      long deleted = readings.deleteMany(Filters.and(Filters.eq("substation", sub),
          Filters.in("sensor", "intruder", sensor))).getDeletedCount();
      assertTrue(deleted > 5, "one sensor's readings went too: " + deleted);
      CheckResult lost = h.dataCheck(sub, written.acknowledged());
      assertFalse(lost.passed());
      assertEquals(Long.toString(5_005 - deleted), lost.measured().text());
      assertEquals("substation loss-1-000: " + (deleted - 5) + " acknowledged readings missing", lost.why());

      // A document has no key of the kit's: the same reading written twice is two documents.
      StoreFaults.failTheDataCheck(h, "fault", FaultyBinding.Kind.DUPLICATE);

      h.admin.purge();
      assertEquals(0, h.admin.totalReadings(List.of(sub, "fault-1-000", "fault-3-001")), "the collection is gone");
    }
  }
}

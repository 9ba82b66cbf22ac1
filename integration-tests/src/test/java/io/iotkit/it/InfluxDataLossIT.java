package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.AcknowledgementCount;
import io.iotkit.binding.KitBinding;
import io.iotkit.binding.Reading;
import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data check on the local InfluxDB fails with the exact per-substation difference when points appear or go
 * missing behind the kit's back and when readings are dropped, written twice or written under another substation
 * ({@link StoreFaults}); a write the server refuses is neither counted nor stored.
 */
class InfluxDataLossIT {

  @Test
  void pointsChangedBehindTheKitsBackAndStoreFaultsFailTheDataCheck(@TempDir Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start("influxdb", work, new Properties())) {
      String sub = "loss-1-000";
      h.admin.prepare(List.of(sub));
      InstanceResult written = h.write(sub, 5_000, 4);
      assertEquals(5_000, written.acknowledged());
      assertTrue(h.dataCheck(sub, written.acknowledged()).passed(), "nothing lost yet");

      // Five points of a sensor the kit never wrote, posted straight to the server.
      StringBuilder extra = new StringBuilder();
      for (int i = 0; i < 5; i++) {
        extra.append("reading,substation=").append(sub).append(",sensor=intruder value=1,unit=\"x\",padding=\"p\" ")
            .append(1_767_225_600_000_000L + i).append('\n');
      }
      assertEquals(204, http(h, "/write?db=iot&precision=u", extra.toString()).statusCode());
      CheckResult more = h.dataCheck(sub, written.acknowledged());
      assertFalse(more.passed());
      assertEquals("5005", more.measured().text());
      assertEquals("substation loss-1-000: 5 more than written", more.why());

      // One sensor's series deleted: 5,000 readings over 200 sensors are 25 each.
      String delete = "DROP SERIES FROM reading WHERE substation = '" + sub + "' AND sensor = 'intruder'; DELETE FROM"
          + " reading WHERE substation = '" + sub + "' AND sensor = '" + firstSensor(h, sub) + "'";
      HttpResponse<String> dropped = http(h, "/query?db=iot", "q=" + URLEncoder.encode(delete, StandardCharsets.UTF_8));
      assertFalse(dropped.body().contains("error"), dropped.body());
      CheckResult lost = h.dataCheck(sub, written.acknowledged());
      assertFalse(lost.passed());
      assertEquals("4975", lost.measured().text());
      assertEquals("substation loss-1-000: 25 acknowledged readings missing", lost.why());

      // A point written twice under its own key is the same point in InfluxDB (series and timestamp), so the
      // fault that leaves extra readings is a batch retried under new keys.
      StoreFaults.failTheDataCheck(h, "fault", FaultyBinding.Kind.DUPLICATE_NEW_KEY);

      h.admin.purge();
      assertEquals(0, h.admin.totalReadings(List.of(sub, "fault-1-000", "fault-3-001")), "the measurement is gone");
    }
  }

  @Test
  void aRefusedWriteIsNeitherCountedNorStored(@TempDir Path work) throws Exception {
    Properties given = new Properties();
    given.setProperty("influxdb.batch.size", "3");
    try (BindingHarness h = BindingHarness.start("influxdb", work, given)) {
      String sub = "loss-2-000";
      h.admin.prepare(List.of(sub));
      // A binding object writing to a database the server does not have: the server refuses the whole request.
      Properties nowhere = new Properties();
      nowhere.putAll(h.properties);
      nowhere.setProperty("influxdb.database", "nothere");
      KitBinding b = h.provider.newBinding();
      b.setProperties(nowhere);
      b.init();
      AcknowledgementCount refused = new AcknowledgementCount();
      long t = 1_767_225_600_000_000L;
      for (int i = 0; i < 3; i++) {
        b.write(reading(sub, t + i, "1.5"), refused);
      }
      assertTrue(refused.await(3, Duration.ofSeconds(30)));
      assertEquals(3, refused.failedCount(), "the whole request failed");
      assertTrue(refused.firstFailure().getMessage().contains("HTTP 404: database not found"),
          refused.firstFailure().getMessage());
      b.cleanup();

      KitBinding good = KnownWindows.open(h);
      AcknowledgementCount taken = new AcknowledgementCount();
      good.write(reading(sub, t, "1.5"), taken);
      good.flush();
      assertTrue(taken.await(1, Duration.ofSeconds(30)));
      assertEquals(1, taken.acknowledgedCount(), "a partial batch goes out on flush");
      assertEquals(1, h.admin.totalReadings(List.of(sub)), "nothing of the refused request is stored");
      good.cleanup();
    }
  }

  /**
   * InfluxDB's partial write: a request whose points fall in two shards, one of which already holds the field
   * {@code value} as a string, stores the points of the other shard and answers 400. The kit counts none of
   * the request's readings, and the data check finds the stored ones as more than written.
   */
  @Test
  void aPartialWriteCountsNothingAndTheDataCheckFindsWhatWasStored(@TempDir Path work) throws Exception {
    Properties given = new Properties();
    given.setProperty("influxdb.batch.size", "3");
    try (BindingHarness h = BindingHarness.start("influxdb", work, given)) {
      String sub = "loss-3-000";
      h.admin.prepare(List.of(sub));
      long conflicted = 1_767_225_600_000_000L; // 2026-01-01
      long later = conflicted + 60L * 86_400_000_000L; // sixty days on: a shard group of its own
      String other = "reading,substation=elsewhere,sensor=y value=\"text\",unit=\"x\",padding=\"p\" " + conflicted + "\n";
      assertEquals(204, http(h, "/write?db=iot&precision=u", other).statusCode());

      KitBinding b = KnownWindows.open(h);
      AcknowledgementCount partial = new AcknowledgementCount();
      b.write(reading(sub, later, "1.5"), partial);
      b.write(reading(sub, later + 1, "2.5"), partial);
      b.write(reading(sub, conflicted + 1, "3.5"), partial);
      assertTrue(partial.await(3, Duration.ofSeconds(30)));
      assertEquals(3, partial.failedCount(), "no reading of a partly refused request counts");
      assertTrue(partial.firstFailure().getMessage().contains("partial write"), partial.firstFailure().getMessage());
      b.cleanup();

      CheckResult check = h.dataCheck(sub, partial.acknowledgedCount());
      assertFalse(check.passed());
      assertEquals("2", check.measured().text(), "the later shard's two points are stored");
      assertEquals("substation loss-3-000: 2 more than written", check.why());
    }
  }

  private static String firstSensor(BindingHarness h, String sub) throws Exception {
    String q = "SHOW TAG VALUES FROM reading WITH KEY = sensor WHERE substation = '" + sub + "'";
    String body = http(h, "/query?db=iot&q=" + URLEncoder.encode(q, StandardCharsets.UTF_8), null).body();
    // {"results":[{"statement_id":0,"series":[{"name":"reading","columns":["key","value"],"values":[["sensor","a"],..
    int at = body.indexOf("[\"sensor\",\"") + "[\"sensor\",\"".length();
    return body.substring(at, body.indexOf('"', at));
  }

  /** A request straight to the harness's server, as an outside party would send it. */
  private static HttpResponse<String> http(BindingHarness h, String pathAndQuery, String postBody) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(h.properties.getProperty("influxdb.url") + pathAndQuery));
    if (postBody != null) {
      b.header("Content-Type", pathAndQuery.startsWith("/query") ? "application/x-www-form-urlencoded" : "text/plain")
          .POST(HttpRequest.BodyPublishers.ofString(postBody));
    }
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
        .send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static Reading reading(String substation, long micros, String value) {
    return new Reading(substation, "x", micros, value, "kV test", "p".repeat(10).getBytes(StandardCharsets.US_ASCII));
  }
}

package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LocalPrometheus} itself: the real server scrapes a fixed exposition, and a query finds its sample. */
class LocalPrometheusIT {
  private static final String EXPOSITION = "# TYPE iotkit_selftest_total counter\niotkit_selftest_total{a=\"b\"} 42\n";

  @Test
  void scrapesATargetAndAnswersQueries(@TempDir Path work) throws Exception {
    HttpServer target = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    target.createContext("/metrics", exchange -> {
      byte[] body = EXPOSITION.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    target.start();
    String address = "127.0.0.1:" + target.getAddress().getPort();
    try (LocalPrometheus prometheus = LocalPrometheus.start(work, List.of(address), Duration.ofSeconds(1))) {
      prometheus.awaitScrape(Duration.ofSeconds(30));

      JsonNode result = prometheus.query("iotkit_selftest_total");
      assertEquals(1, result.size(), result.toString());
      JsonNode sample = result.get(0);
      assertEquals("b", sample.path("metric").path("a").asText(), sample.toString());
      assertEquals(LocalPrometheus.JOB, sample.path("metric").path("job").asText(), sample.toString());
      assertEquals(address, sample.path("metric").path("instance").asText(), sample.toString());
      assertEquals(42.0, sample.path("value").get(1).asDouble(), sample.toString()); // [time, "42"]

      // The same series over the last seconds: a matrix with at least one point, each 42
      Instant now = Instant.now();
      JsonNode range = prometheus.queryRange("iotkit_selftest_total", now.minusSeconds(10), now,
          Duration.ofSeconds(1));
      assertEquals(1, range.size(), range.toString());
      assertTrue(range.get(0).path("values").size() > 0, range.toString());
      for (JsonNode point : range.get(0).path("values")) {
        assertEquals(42.0, point.get(1).asDouble(), range.toString());
      }

      // A bad query fails with Prometheus's own error text
      AssertionError bad = assertThrows(AssertionError.class,
          () -> prometheus.query("sum("));
      assertTrue(bad.getMessage().contains("bad_data"), bad.getMessage());
    } finally {
      target.stop(0);
    }
  }
}

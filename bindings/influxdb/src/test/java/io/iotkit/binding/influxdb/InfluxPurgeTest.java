package io.iotkit.binding.influxdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The purge against a server that answers as influxd 1.x does, on the JDK's HTTP server: a DROP MEASUREMENT that
 * left points behind is dropped again until a count finds none, and no more than that.
 */
class InfluxPurgeTest {
  private HttpServer server;
  private final List<String> statements = new ArrayList<>();
  /** How many counts still find points left after a drop. */
  private final AtomicInteger countsWithPointsLeft = new AtomicInteger();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/ping", x -> {
      x.getResponseHeaders().add("X-Influxdb-Version", "1.6.7~rc0");
      x.getResponseHeaders().add("X-Influxdb-Build", "OSS");
      x.sendResponseHeaders(204, -1);
      x.close();
    });
    server.createContext("/query", x -> {
      String form = x.getRequestMethod().equals("POST")
          ? new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8) : x.getRequestURI().getRawQuery();
      String q = "";
      for (String pair : form.split("&")) {
        if (pair.startsWith("q=")) {
          q = URLDecoder.decode(pair.substring(2), StandardCharsets.UTF_8);
        }
      }
      statements.add(q);
      String body;
      if (q.startsWith("SELECT count(") && countsWithPointsLeft.getAndDecrement() > 0) {
        body = "{\"results\":[{\"statement_id\":0,\"series\":[{\"name\":\"reading\",\"columns\":[\"time\",\"count\"],"
            + "\"values\":[[\"1970-01-01T00:00:00Z\",27800]]}]}]}";
      } else {
        body = "{\"results\":[{\"statement_id\":0}]}"; // a drop done, SHOW DATABASES, or a count of nothing
      }
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      x.getResponseHeaders().add("Content-Type", "application/json");
      x.sendResponseHeaders(200, bytes.length);
      x.getResponseBody().write(bytes);
      x.close();
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private InfluxAdmin admin() throws Exception {
    Properties p = new Properties();
    p.setProperty(InfluxSettings.URL, "http://127.0.0.1:" + server.getAddress().getPort());
    InfluxAdmin a = InfluxAdmin.open(p);
    statements.clear();
    return a;
  }

  private long drops() {
    return statements.stream().filter(s -> s.startsWith("DROP MEASUREMENT")).count();
  }

  @Test
  void aDropThatLeftPointsIsDroppedAgain() throws Exception {
    countsWithPointsLeft.set(2);
    admin().purge();
    assertEquals(3, drops(), statements.toString());
  }

  @Test
  void aCleanDropIsDoneOnce() throws Exception {
    admin().purge();
    assertEquals(1, drops(), statements.toString());
  }

  @Test
  void pointsThatStayAreLeftToTheCleanupsCountAfterFiveDrops() throws Exception {
    countsWithPointsLeft.set(100);
    admin().purge();
    assertEquals(5, drops(), statements.toString());
  }
}

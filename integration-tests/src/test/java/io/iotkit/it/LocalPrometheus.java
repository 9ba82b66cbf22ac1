package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A real Prometheus server (Debian's prometheus package, /usr/bin/prometheus) that a test runs as its own child
 * process: one scrape job {@code iot-kit} over the given targets, its configuration, data and log under a folder
 * of the test, its web API on 127.0.0.1 at a free port (never the package's 9090, so a service the package may have
 * started does not matter). Closing it stops the server: SIGTERM, then SIGKILL if it does not end in time.
 */
final class LocalPrometheus implements AutoCloseable {
  static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
  static final String JOB = "iot-kit";
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final Path log;
  private final URI base;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();

  private LocalPrometheus(Process process, Path log, URI base) {
    this.process = process;
    this.log = log;
    this.base = base;
  }

  /**
   * Starts Prometheus scraping {@code targets} (host:port, their /metrics) every {@code scrapeInterval}, and waits
   * until it is ready to answer queries.
   */
  static LocalPrometheus start(Path dir, List<String> targets, Duration scrapeInterval) throws Exception {
    if (!Files.isExecutable(PROMETHEUS)) {
      throw new AssertionError(PROMETHEUS + " is missing: run bin/install-test-tools.sh (as root; .ci/run does),"
          + " which installs Debian's prometheus package");
    }
    dir = dir.toAbsolutePath();
    Files.createDirectories(dir.resolve("data"));
    // Prometheus's durations take whole units; milliseconds keep any interval a test asks for
    String interval = scrapeInterval.toMillis() + "ms";
    String config = "global:\n"
        + "  scrape_interval: " + interval + "\n"
        + "  evaluation_interval: " + interval + "\n"
        + "scrape_configs:\n"
        + "  - job_name: " + JOB + "\n"
        + "    scrape_interval: " + interval + "\n"
        + "    static_configs:\n"
        + "      - targets: [" + targets.stream().map(t -> "'" + t + "'").collect(Collectors.joining(", ")) + "]\n";
    Path yml = dir.resolve("prometheus.yml");
    Files.writeString(yml, config);
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path log = dir.resolve("prometheus.log");
    Process p = new ProcessBuilder(PROMETHEUS.toString(),
        "--config.file=" + yml,
        "--storage.tsdb.path=" + dir.resolve("data"),
        "--web.listen-address=127.0.0.1:" + port)
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    LocalPrometheus prometheus = new LocalPrometheus(p, log, URI.create("http://127.0.0.1:" + port));
    try {
      prometheus.awaitReady();
    } catch (Throwable t) {
      prometheus.close();
      throw t;
    }
    return prometheus;
  }

  private void awaitReady() throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (true) {
      assertTrue(process.isAlive(), "prometheus exited with " + exitValue() + " before it was ready; see " + log);
      try {
        if (get("/-/ready").statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      assertTrue(System.nanoTime() < deadline, "prometheus not ready after " + READY_TIMEOUT.toSeconds()
          + " s; see " + log);
      Thread.sleep(100);
    }
  }

  private String exitValue() {
    return process.isAlive() ? "(still running)" : Integer.toString(process.exitValue());
  }

  /** The base URI of its web API, e.g. http://127.0.0.1:40123. */
  URI uri() {
    return base;
  }

  /** The log file the server writes (its stdout and stderr). */
  Path log() {
    return log;
  }

  /** An instant query at the server's now: the {@code data.result} array (a vector's samples). */
  JsonNode query(String promql) throws Exception {
    return api("/api/v1/query?query=" + encode(promql), promql);
  }

  /**
   * An instant query at {@code at}: what a scrape before then stored. After a target is gone, Prometheus marks its
   * series stale, so a query at its now finds nothing of a target that has stopped.
   */
  JsonNode query(String promql, Instant at) throws Exception {
    return api("/api/v1/query?query=" + encode(promql) + "&time=" + seconds(at), promql);
  }

  /** A range query from {@code from} to {@code to} every {@code step}: the {@code data.result} array (a matrix). */
  JsonNode queryRange(String promql, Instant from, Instant to, Duration step) throws Exception {
    return api("/api/v1/query_range?query=" + encode(promql) + "&start=" + seconds(from) + "&end=" + seconds(to)
        + "&step=" + BigDecimal.valueOf(step.toMillis(), 3).toPlainString(), promql);
  }

  /** The whole {@code data} object of /api/v1/targets: activeTargets, each with its health and lastError. */
  JsonNode targets() throws Exception {
    return api("/api/v1/targets", "targets");
  }

  /**
   * Waits until every target's last scrape was healthy ("health":"up") and that scrape's samples can be queried:
   * Prometheus marks a target up a moment before it commits the samples, so this also waits for the job's
   * {@code up} series, which is committed with them.
   */
  void awaitScrape(Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      JsonNode active = targets().path("activeTargets");
      boolean allUp = active.size() > 0;
      for (JsonNode t : active) {
        allUp &= "up".equals(t.path("health").asText());
      }
      if (allUp && query("up{job=\"" + JOB + "\"} == 1").size() == active.size()) {
        return;
      }
      assertTrue(System.nanoTime() < deadline, "no healthy scrape of every target within " + timeout
          + ": " + active + "; see " + log);
      Thread.sleep(100);
    }
  }

  /** GETs {@code pathAndQuery} and returns {@code data}, or fails with Prometheus's error when it has none. */
  private JsonNode api(String pathAndQuery, String what) throws Exception {
    HttpResponse<String> r = get(pathAndQuery);
    JsonNode body;
    try {
      body = JSON.readTree(r.body());
    } catch (IOException e) {
      throw new AssertionError(what + ": HTTP " + r.statusCode() + ", not JSON: " + r.body(), e);
    }
    if (!"success".equals(body.path("status").asText())) {
      throw new AssertionError(what + ": HTTP " + r.statusCode() + ", " + body.path("errorType").asText() + ": "
          + body.path("error").asText());
    }
    JsonNode data = body.path("data");
    return data.has("result") ? data.get("result") : data;
  }

  private HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** Unix seconds with milliseconds, as the API takes them (plain notation, never 1.7E9). */
  private static String seconds(Instant t) {
    return BigDecimal.valueOf(t.toEpochMilli(), 3).toPlainString();
  }

  @Override
  public void close() throws InterruptedException {
    // SIGTERM lets it close its database cleanly; a server that hangs is killed
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }
}

package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iotkit.binding.Aggregate;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.PhaseResult;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics-port}: a real Prometheus scrapes the master while a run goes, and what it stored agrees with the
 * run's result.json: the kvps acknowledged per instance and phase, each template's queries and the readings they
 * aggregated, the phases in the protocol's order, the checks;
 * and every expression of the Grafana dashboard in docs/grafana returns data.
 */
class MetricsIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void prometheusScrapesTheRunAndAgreesWithItsResult(@TempDir Path work) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Instant from = Instant.now();
    try (LocalPrometheus prometheus = LocalPrometheus.start(work.resolve("prometheus"),
        List.of("127.0.0.1:" + port), Duration.ofSeconds(1))) {
      // grace of 3 scrape intervals: the last scrape sees the run's end
      KitProcess.CompletedRun run = KitProcess.runToCompletion(work, "-b", "null", "-p", "2", "-k", "400000",
          "--metrics-port", Integer.toString(port), "--metrics-grace", "3");
      String name = run.runDir().getFileName().toString();
      String runLabel = "run=\"" + name + "\"";
      // the endpoint served for 3 s after the result was written: a scrape by then holds every figure, and once the
      // kit is gone Prometheus marks its series stale, so instant queries ask at that moment
      Instant end = run.result().finished().plusSeconds(2);
      assertTrue(run.process().stdout().contains("metrics: http://127.0.0.1:" + port + "/metrics"),
          run.process().stdout());
      assertEquals("http://127.0.0.1:" + port + "/metrics", run.result().inputs().metricsEndpoint(),
          "the result says where the run served its figures");

      for (IterationResult it : run.result().iterations()) {
        for (PhaseResult phase : List.of(it.warmup(), it.measured())) {
          JsonNode series = prometheus.query("iotkit_readings_acknowledged_total{" + runLabel + ",phase=\""
              + phase.name() + "\"}", end);
          assertEquals(phase.instances().size(), series.size(), phase.name() + ": one series per instance");
          for (InstanceResult i : phase.instances()) {
            assertEquals(i.acknowledged(), valueOf(series, "driver_instance", Integer.toString(i.instance())),
                phase.name() + " instance " + i.instance() + ": as result.json says");
          }
          long queries = 0;
          for (Aggregate a : Aggregate.values()) {
            String template = runLabel + ",phase=\"" + phase.name() + "\",template=\""
                + a.name().toLowerCase(Locale.ROOT) + "\"";
            assertEquals(phase.instances().stream().mapToLong(i -> i.queryHistograms().get(a).count()).sum(),
                sum(prometheus.query("iotkit_query_latency_seconds_count{" + template + "}", end)),
                phase.name() + " " + a + " queries: as result.json says");
            assertEquals(phase.instances().stream().mapToLong(i -> i.queryReads().get(a).aggregated()).sum(),
                sum(prometheus.query("iotkit_query_readings_aggregated_total{" + template + "}", end)),
                phase.name() + " readings aggregated by " + a + " queries: as result.json says");
            queries += phase.instances().stream().mapToLong(i -> i.queryHistograms().get(a).count()).sum();
          }
          assertTrue(queries > 0, phase.name() + ": queries ran, so the comparison above compared something");
          JsonNode p99 = prometheus.query("histogram_quantile(0.99, sum by (le) (iotkit_ingest_latency_seconds_bucket{"
              + runLabel + ",phase=\"" + phase.name() + "\"}))", end);
          assertEquals(1, p99.size(), phase.name() + ": the ingest p99 across instances");
          assertTrue(Double.parseDouble(p99.get(0).path("value").get(1).asText()) > 0, p99.toString());
        }
      }

      List<String> order = firstSeen(prometheus.queryRange("iotkit_phase{" + runLabel + "}", from, Instant.now(),
          Duration.ofSeconds(1)));
      List<String> protocol = List.of("prerequisites", "iteration 1 warmup", "iteration 1 measured",
          "iteration 1 data check", "system cleanup", "iteration 2 warmup", "iteration 2 measured",
          "iteration 2 data check", "ended");
      assertEquals(protocol, protocol.stream().filter(order::contains).toList(),
          "every phase seen, in the protocol's order: " + order);
      JsonNode now = prometheus.query("iotkit_phase{" + runLabel + "} == 1", end);
      assertEquals("ended", now.get(0).path("metric").path("phase").asText(), "the last scrape saw the end");

      // every expression of the Grafana dashboard returns data over the run, as Grafana would ask it
      Instant to = Instant.now();
      JsonNode dashboard = JSON.readTree(KitProcess.HOME.resolve("docs/grafana/iot-kit.json").toFile());
      int expressions = 0;
      for (JsonNode panel : dashboard.path("panels")) {
        for (JsonNode target : panel.path("targets")) {
          String expr = target.path("expr").asText().replace("$run", name).replace("$__rate_interval", "5s");
          if (expr.contains("iotkit_end_to_end_latency_seconds")) {
            continue; // the sink delivers nothing to read back; RunMetricsTest covers the series
          }
          JsonNode data = prometheus.queryRange(expr, from, to, Duration.ofSeconds(1));
          assertFalse(data.isEmpty(), "panel '" + panel.path("title").asText() + "': no data for " + expr);
          expressions++;
        }
      }
      assertTrue(expressions >= 10, "the dashboard's expressions were read: " + expressions);

      JsonNode replication = prometheus.query("iotkit_check_passed{" + runLabel + ",check=\"replication factor\"}",
          end);
      assertEquals(0.0, Double.parseDouble(replication.get(0).path("value").get(1).asText()),
          "the sink keeps no copies: the check broke its rule, as result.json says");
      assertFalse(KitProcess.check(run.result().prerequisites(), "replication factor").passed());
    }
  }

  private static long sum(JsonNode series) {
    long sum = 0;
    for (JsonNode s : series) {
      sum += (long) Double.parseDouble(s.path("value").get(1).asText());
    }
    return sum;
  }

  private static long valueOf(JsonNode series, String label, String value) {
    for (JsonNode s : series) {
      if (s.path("metric").path(label).asText().equals(value)) {
        return (long) Double.parseDouble(s.path("value").get(1).asText());
      }
    }
    throw new AssertionError("no series with " + label + "=" + value + " in " + series);
  }

  /** The phases by the first instant Prometheus saw each (ties keep the order they came in). */
  private static List<String> firstSeen(JsonNode matrix) {
    Map<String, Double> first = new LinkedHashMap<>();
    for (JsonNode s : matrix) {
      first.put(s.path("metric").path("phase").asText(), s.path("values").get(0).get(0).asDouble());
    }
    List<String> phases = new ArrayList<>(first.keySet());
    phases.sort((a, b) -> Double.compare(first.get(a), first.get(b)));
    return phases;
  }
}

package io.iotkit.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.Aggregate;
import io.iotkit.control.SecondFrame;
import io.iotkit.control.TemplateSeconds;
import io.iotkit.model.ResourceSecond;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RunMetricsTest {
  private static Histogram micros(long... values) {
    Histogram h = new Histogram(3);
    for (long v : values) {
      h.recordValue(v);
    }
    return h;
  }

  private static SecondFrame frame(int second, long acknowledged, long failed, Histogram ingest) {
    return new SecondFrame(second, 0, acknowledged, failed, ingest, micros(100), TemplateSeconds.none(),
        ResourceSecond.LOST);
  }

  private static String scrape(RunMetrics m) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(out, m.collect());
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void anInstancesFramesAddUpToItsCountersAndHistograms() throws IOException {
    RunMetrics m = new RunMetrics("20261129-120000", "kafka", Map.of(), "http://127.0.0.1:9464/metrics");
    LiveRun.Execution e = m.execution("iteration 1 measured", new long[] {300, 300}, List.of("local", "d2"));
    e.second(1, frame(0, 120, 0, micros(400, 2_000)));
    e.second(1, frame(1, 80, 3, micros(70_000_000)));
    e.second(0, frame(0, 5, 0, micros(900)));

    String text = scrape(m);
    String instance1 = "binding=\"kafka\",driver_instance=\"1\",host=\"d2\",phase=\"iteration 1 measured\","
        + "run=\"20261129-120000\"";
    assertTrue(text.contains("iotkit_readings_acknowledged_total{" + instance1 + "} 200.0"), text);
    assertTrue(text.contains("iotkit_readings_failed_total{" + instance1 + "} 3.0"), text);
    assertTrue(text.contains("iotkit_readings_target{" + instance1 + "} 300.0"), text);
    // cumulative in the exposition: 0.4 ms by the first bound, 2 ms by 2.5 ms, 70 s only by +Inf
    String bucket = "iotkit_ingest_latency_seconds_bucket{" + instance1 + ",le=";
    assertTrue(text.contains(bucket + "\"5.0E-4\"} 1\n"), text);
    assertTrue(text.contains(bucket + "\"0.0025\"} 2\n"), text);
    assertTrue(text.contains(bucket + "\"60.0\"} 2\n"), text);
    assertTrue(text.contains(bucket + "\"+Inf\"} 3\n"), text);
    assertTrue(text.contains("iotkit_ingest_latency_seconds_count{" + instance1 + "} 3"), text);
    assertTrue(text.contains("iotkit_readings_acknowledged_total{binding=\"kafka\",driver_instance=\"0\","
        + "host=\"local\""), text);
  }

  @Test
  void queriesAreExportedByTemplateWithTheReadingsTheyAggregated() throws IOException {
    RunMetrics m = new RunMetrics("r", "null", Map.of(), "http://127.0.0.1:9464/metrics");
    LiveRun.Execution e = m.execution("iteration 1 measured", new long[] {10}, List.of("local"));
    e.second(0, new SecondFrame(0, 0, 5, 0, micros(), micros(), TemplateSeconds.of(Aggregate.AVG,
        micros(3_000, 4_000), 400), ResourceSecond.LOST));
    e.second(0, new SecondFrame(1, 0, 5, 0, micros(), micros(), TemplateSeconds.of(Aggregate.AVG, micros(5_000),
        190), ResourceSecond.LOST));
    String text = scrape(m);
    String avg = "binding=\"null\",driver_instance=\"0\",host=\"local\",phase=\"iteration 1 measured\",run=\"r\","
        + "template=\"avg\"";
    assertTrue(text.contains("iotkit_query_latency_seconds_count{" + avg + "} 3\n"), text);
    assertTrue(text.contains("iotkit_query_readings_aggregated_total{" + avg + "} 590.0"), text);
    assertTrue(text.contains("iotkit_query_latency_seconds_count{" + avg.replace("avg", "max") + "} 0\n"), text);
    assertTrue(text.contains("iotkit_query_readings_aggregated_total{" + avg.replace("avg", "count") + "} 0.0"),
        text);
  }

  @Test
  void bucketsAreMadeAgainOnlyAfterANewFrame() {
    InstanceFigures f = new InstanceFigures(Labels.of("run", "r"), 10);
    f.add(frame(0, 4, 0, micros(900)));
    InstanceFigures.Copy first = f.copy();
    assertSame(first, f.copy(), "no frame since: the buckets made before");
    f.add(frame(1, 3, 0, micros(1_200)));
    InstanceFigures.Copy second = f.copy();
    assertEquals(7, second.acknowledged());
    assertEquals(2, second.ingest().buckets().getCount(1) + second.ingest().buckets().getCount(2));
    assertEquals(4, first.acknowledged(), "a copy made before stays as it was");
  }

  @Test
  void bucketsCountEachLatencyOnceByItsBound() {
    LatencyBuckets b = LatencyBuckets.of(micros(400, 2_000, 2_000, 70_000_000));
    ClassicHistogramBuckets buckets = b.buckets();
    assertEquals(LatencyBuckets.BOUNDS.length, buckets.size());
    assertEquals(1, buckets.getCount(0), "0.4 ms by 0.5 ms");
    assertEquals(2, buckets.getCount(2), "2 ms by 2.5 ms");
    assertEquals(1, buckets.getCount(buckets.size() - 1), "70 s beyond a minute");
    long total = 0;
    for (int i = 0; i < buckets.size(); i++) {
      total += buckets.getCount(i);
    }
    assertEquals(4, total);
    assertEquals(70.0044, b.sumSeconds(), 70.0044 * 1e-3, "the sum within the histogram's resolution");
  }

  @Test
  void thePhaseNowIsOneAndThoseBeforeItZero() throws IOException {
    RunMetrics m = new RunMetrics("r", "null", Map.of(), "http://127.0.0.1:9464/metrics");
    m.phase("prerequisites");
    m.phase("iteration 1 warmup");
    String text = scrape(m);
    assertTrue(text.contains("iotkit_phase{binding=\"null\",phase=\"iteration 1 warmup\",run=\"r\"} 1.0"), text);
    assertTrue(text.contains("iotkit_phase{binding=\"null\",phase=\"prerequisites\",run=\"r\"} 0.0"), text);
  }

  @Test
  void aCheckIsExportedAsDecided() throws IOException {
    RunMetrics m = new RunMetrics("r", "null", Map.of(), "http://127.0.0.1:9464/metrics");
    m.check("replication factor", false);
    m.check("insert threads per instance", true);
    String text = scrape(m);
    assertTrue(text.contains("iotkit_check_passed{binding=\"null\",check=\"replication factor\",run=\"r\"} 0.0"),
        text);
    assertTrue(text.contains("iotkit_check_passed{binding=\"null\",check=\"insert threads per instance\",run=\"r\"}"
        + " 1.0"), text);
    assertTrue(text.contains("iotkit_run_info{binding=\"null\",run=\"r\"} 1"), text);
  }

  @Test
  void theSutsSilenceIsExportedOnceTheWatchHasPinged() throws IOException {
    RunMetrics m = new RunMetrics("r", "null", Map.of(), "http://127.0.0.1:9464/metrics");
    assertFalse(scrape(m).contains("iotkit_sut_silent_seconds{"), "no figure before the first ping");
    m.sutSilence(0);
    m.sutSilence(3.5);
    assertTrue(scrape(m).contains("iotkit_sut_silent_seconds{binding=\"null\",run=\"r\"} 3.5"), scrape(m));
  }

  @Test
  void anInstancesJvmCpuAddsUpOverItsSeconds() throws IOException {
    RunMetrics m = new RunMetrics("r", "null", Map.of(), "http://127.0.0.1:9464/metrics");
    LiveRun.Execution e = m.execution("iteration 1 warmup", new long[] {10}, List.of("local"));
    ResourceSecond used = new ResourceSecond(1, 0, 0, 0, 0, 0, 0, 0, 0.75, 300L << 20, 0, 0);
    e.second(0, new SecondFrame(0, 0, 5, 0, micros(), micros(), TemplateSeconds.none(), used));
    e.second(0, new SecondFrame(1, 0, 5, 0, micros(), micros(), TemplateSeconds.none(), used));
    String text = scrape(m);
    assertTrue(text.contains("iotkit_driver_process_cpu_seconds_total{binding=\"null\",driver_instance=\"0\","
        + "host=\"local\",phase=\"iteration 1 warmup\",run=\"r\"} 1.5"), text);
    assertTrue(text.contains("iotkit_driver_process_resident_memory_bytes{binding=\"null\",driver_instance=\"0\","
        + "host=\"local\",phase=\"iteration 1 warmup\",run=\"r\"} 3.145728E8"), text);
  }

  @Test
  void theMastersSamplesAddUpPerHostAndProcess() throws IOException {
    RunMetrics m = new RunMetrics("r", "kafka", Map.of(), "http://127.0.0.1:9464/metrics");
    LiveRun.Execution e = m.execution("iteration 1 measured", new long[] {10}, List.of("local"));
    e.resources().host("bench1", 1.25, 4L << 30);
    e.resources().host("bench1", 0.75, 5L << 30);
    e.resources().process("bench1", "broker 1", "sut", 0.5, 700L << 20);
    e.resources().process("bench1", "broker 1", "sut", 0.25, 800L << 20);
    String text = scrape(m);
    String host = "binding=\"kafka\",host=\"bench1\",phase=\"iteration 1 measured\",run=\"r\"";
    assertTrue(text.contains("iotkit_host_cpu_busy_seconds_total{" + host + "} 2.0"), text);
    assertTrue(text.contains("iotkit_host_memory_used_bytes{" + host + "} 5.36870912E9"), text);
    String broker = "binding=\"kafka\",host=\"bench1\",phase=\"iteration 1 measured\",process=\"broker 1\","
        + "role=\"sut\",run=\"r\"";
    assertTrue(text.contains("iotkit_process_cpu_seconds_total{" + broker + "} 0.75"), text);
    assertTrue(text.contains("iotkit_process_resident_memory_bytes{" + broker + "} 8.388608E8"), text);
  }

  @Test
  void deliveredReadingsMakeTheEndToEndHistogramOfTheirExecution() throws IOException {
    RunMetrics m = new RunMetrics("r", "kafka", Map.of(), "http://127.0.0.1:9464/metrics");
    assertFalse(scrape(m).contains("iotkit_end_to_end_latency_seconds_count{"), "none before a delivery");
    m.delivered("iteration 1 warmup", 3_000);
    m.delivered("iteration 1 measured", 40_000);
    m.delivered("iteration 1 measured", 90_000);
    String text = scrape(m);
    assertTrue(text.contains("iotkit_end_to_end_latency_seconds_count{binding=\"kafka\",phase=\"iteration 1"
        + " measured\",run=\"r\"} 2"), text);
    assertTrue(text.contains("iotkit_end_to_end_latency_seconds_bucket{binding=\"kafka\",phase=\"iteration 1"
        + " measured\",run=\"r\",le=\"0.05\"} 1"), text);
    assertTrue(text.contains("iotkit_end_to_end_latency_seconds_count{binding=\"kafka\",phase=\"iteration 1"
        + " warmup\",run=\"r\"} 1"), text);
  }

  @Test
  void aUsersLabelsAreOnEverySeries() throws IOException {
    RunMetrics m = new RunMetrics("r", "null", Map.of("point", "4", "sut", "sink"), "http://127.0.0.1:9464/metrics");
    m.phase("prerequisites");
    m.execution("iteration 1 warmup", new long[] {10}, List.of("local")).second(0, frame(0, 10, 0, micros(5)));
    String text = scrape(m);
    assertTrue(text.contains("iotkit_phase{binding=\"null\",phase=\"prerequisites\",point=\"4\",run=\"r\","
        + "sut=\"sink\"} 1.0"), text);
    assertTrue(text.contains("iotkit_readings_acknowledged_total{binding=\"null\",driver_instance=\"0\","
        + "host=\"local\",phase=\"iteration 1 warmup\",point=\"4\",run=\"r\",sut=\"sink\"} 10.0"), text);
    assertEquals(null, RunMetrics.badLabel("sut"));
    assertTrue(RunMetrics.badLabel("driver_instance").contains("sets this label itself"));
  }
}

package io.iotkit.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BenchMetricsTest {
  @Test
  void eachRoundIsASampleOfItsFigureSideAndRound() throws Exception {
    BenchMetrics m = new BenchMetrics("bench-20261129-180000");
    m.round("generation into the sink, 1 thread", BenchPart.Side.KIT, 3, new BenchPart.Round(20_000, 0.5, 0.25));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(out, m.collect());
    String text = out.toString(StandardCharsets.UTF_8);
    String labels = "{bench=\"bench-20261129-180000\",figure=\"generation into the sink, 1 thread\",round=\"3\","
        + "side=\"kit\"}";
    assertTrue(text.contains("iotkit_bench_round_rate" + labels + " 40000.0"), text);
    assertTrue(text.contains("iotkit_bench_round_cpu_seconds_per_operation" + labels + " 1.25E-5"), text);
  }
}

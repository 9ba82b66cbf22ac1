package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.binding.Aggregate;
import io.iotkit.binding.WindowResult;
import io.iotkit.binding.bench.PlainClientLoop;
import io.iotkit.binding.bench.PlainReading;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka's plain client loop on the local Kafka: every reading acknowledged and counted, and written as the
 * binding writes, so the binding's own data check and window queries find them where and as it would.
 */
class KafkaPlainLoopIT {

  @Test
  void writesAsTheBindingWritesAndReturnsWhenAllAreAcknowledged(@TempDir Path work) throws Exception {
    String substation = "plain-1-000";
    try (BindingHarness h = BindingHarness.start("kafka", work, new Properties())) {
      h.admin.prepare(List.of(substation));
      PlainReading[] pool = {
          new PlainReading("ltc-gassing-01", "12.5", "parts per million", new byte[900]),
          new PlainReading("humidity-10", "40.25", "percent relative humidity", new byte[900])};
      long from = System.currentTimeMillis() * 1_000;
      try (PlainClientLoop loop = h.provider.plainClientLoop(h.properties).orElseThrow()) {
        assertEquals(10_000, loop.write(substation, pool, 10_000, 4));
      }
      long to = System.currentTimeMillis() * 1_000 + 1_000_000;

      assertEquals(Map.of(substation, 10_000L), h.admin.countReadings(List.of(substation)));
      // Each sensor's readings lie in the partition the binding queries, with keys and values it decodes.
      for (PlainReading r : pool) {
        WindowResult count = h.queries().aggregate(Aggregate.COUNT, substation, r.sensor(), from, to);
        assertEquals(5_000, count.count(), r.sensor());
        assertEquals(5_000, count.read(), r.sensor() + ": its partition holds its readings only");
        assertEquals(Double.parseDouble(r.value()),
            h.queries().aggregate(Aggregate.MAX, substation, r.sensor(), from, to).value(), r.sensor());
      }
    }
  }
}

package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.binding.bench.PlainClientLoop;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mqtt binding's plain HiveMQ client loop on the local broker: what it says the broker acknowledged, the
 * binding's verifying subscriber received, each reading once.
 */
class MqttPlainLoopIT {

  @Test
  void everyReadingTheLoopPublishedIsDelivered(@TempDir Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start("mqtt", work, new Properties());
         PlainClientLoop loop = h.provider.plainClientLoop(h.properties).orElseThrow()) {
      h.admin.prepare(List.of("plain-000", "plain-001"));
      assertEquals(10_007, loop.write("plain-000", PlainPool.of(101, 7), 10_007, 3));
      // a second call on the same substation gets timestamps of its own: the subscriber counts them apart
      assertEquals(5_000, loop.write("plain-000", PlainPool.of(101, 7), 5_000, 10));
      assertEquals(1, loop.write("plain-001", PlainPool.of(1, 1), 1, 1));
      assertEquals(15_007, h.admin.totalReadings(List.of("plain-000")));
      assertEquals(1, h.admin.totalReadings(List.of("plain-001")));
    }
  }
}

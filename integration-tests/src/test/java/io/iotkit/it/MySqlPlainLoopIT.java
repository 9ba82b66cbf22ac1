package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.binding.bench.PlainClientLoop;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The mysql binding's plain Connector/J loop on the local MariaDB: what it says it wrote, the binding counts. */
class MySqlPlainLoopIT {

  @Test
  void everyReadingTheLoopWroteIsStored(@TempDir Path work) throws Exception {
    Properties given = new Properties();
    given.setProperty("mysql.batch.size", "64"); // not a divisor of a thread's share: partial last batches too
    try (BindingHarness h = BindingHarness.start("mysql", work, given);
         PlainClientLoop loop = h.provider.plainClientLoop(h.properties).orElseThrow()) {
      assertEquals(10_007, loop.write("plain-000", PlainPool.of(101, 7), 10_007, 3));
      // a second call on the same substation gets timestamps of its own: nothing collides, nothing is lost
      assertEquals(5_000, loop.write("plain-000", PlainPool.of(101, 7), 5_000, 10));
      assertEquals(1, loop.write("plain-001", PlainPool.of(1, 1), 1, 1));
      assertEquals(15_007, h.admin.totalReadings(List.of("plain-000")));
      assertEquals(1, h.admin.totalReadings(List.of("plain-001")));
    }
  }
}

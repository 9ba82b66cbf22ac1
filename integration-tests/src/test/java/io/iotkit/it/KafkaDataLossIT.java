package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data check fails with the exact per-substation difference when records go missing from Kafka behind the
 * kit's back, when readings are dropped, written twice or written under another substation ({@link StoreFaults}),
 * and passes when none are.
 */
class KafkaDataLossIT {

  @Test
  void deletedRecordsAndStoreFaultsFailTheDataCheck(@TempDir Path work) throws Exception {
    String substation = "loss-1-000";
    List<String> subs = List.of(substation);
    try (BindingHarness h = BindingHarness.start("kafka", work, new Properties())) {
      h.admin.prepare(subs);
      InstanceResult written = h.write(substation, 5_000, 4);
      assertEquals(5_000, written.acknowledged());
      assertEquals(0, written.failedInserts());
      assertTrue(h.dataCheck(substation, written.acknowledged()).passed(), "nothing lost yet");

      // Substation 000's first sensor (number 0) writes to partition 0 of the iteration's topic iot-loss-1.
      deleteOldest(h.properties, new TopicPartition("iot-loss-1", 0), 3);

      CheckResult check = h.dataCheck(substation, written.acknowledged());
      assertFalse(check.passed());
      assertEquals("4997", check.measured().text());
      assertEquals("substation loss-1-000: 3 acknowledged readings missing", check.why());

      // A log keeps every record it is sent: the same readings sent again are as many records more.
      StoreFaults.failTheDataCheck(h, "fault", FaultyBinding.Kind.DUPLICATE);

      // The purge between iterations leaves nothing, and a deleted topic counts as empty.
      h.admin.purge();
      assertEquals(0, h.admin.totalReadings(subs));
    }
  }

  /** Deletes the {@code n} oldest records of a partition with Kafka's own admin client, as an outsider would. */
  private static void deleteOldest(Properties address, TopicPartition tp, long n) throws Exception {
    Properties p = new Properties();
    p.setProperty("bootstrap.servers", address.getProperty("kafka.bootstrap.servers"));
    try (Admin admin = Admin.create(p)) {
      long begin = admin.listOffsets(Map.of(tp, OffsetSpec.earliest())).partitionResult(tp)
          .get(30, TimeUnit.SECONDS).offset();
      admin.deleteRecords(Map.of(tp, RecordsToDelete.beforeOffset(begin + n))).all().get(30, TimeUnit.SECONDS);
    }
  }
}

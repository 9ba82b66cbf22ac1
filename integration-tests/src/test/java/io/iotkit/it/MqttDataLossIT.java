package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.InstanceResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data check fails when the broker loses readings it has acknowledged, and passes when it does not.
 *
 * <p>The loss is the broker's own: a HiveMQ CE broker configured with a tiny per-client queue acknowledges every
 * publish (PUBACK) and then discards what does not fit in the verifying subscriber's queue, which is what HiveMQ's
 * default 1,000-message queue did at the kit's rates. The control is the kit's default broker configuration.
 */
class MqttDataLossIT {
  private static final long KVPS = 20_000;

  @Test
  void brokerDropsFailTheDataCheck(@TempDir Path work) throws Exception {
    Properties tinyQueue = new Properties();
    tinyQueue.setProperty("mqtt.local.max.queue.size", "10");
    try (BindingHarness h = BindingHarness.start("mqtt", work, tinyQueue)) {
      String sub = "mqttloss-1-000";
      h.admin.prepare(List.of(sub));
      InstanceResult written = h.write(sub, KVPS, 4);
      assertEquals(KVPS, written.acknowledged(), "the broker acknowledged every reading");
      assertEquals(0, written.failedInserts());

      CheckResult check = h.dataCheck(sub, written.acknowledged());
      assertFalse(check.passed(), "readings were dropped, yet the data check passed: " + check);
      long delivered = Long.parseLong(check.measured().text());
      System.out.printf("broker with a 10-message queue: %d of %d acknowledged readings delivered%n", delivered, KVPS);
      assertTrue(delivered < KVPS, check.measured().text());
      assertEquals("substation " + sub + ": " + (KVPS - delivered) + " acknowledged readings missing", check.why());
    }
  }

  @Test
  void noLossPassesTheDataCheckAndStoreFaultsFailIt(@TempDir Path work) throws Exception {
    try (BindingHarness h = BindingHarness.start("mqtt", work, new Properties())) {
      String sub = "mqttloss-1-001";
      h.admin.prepare(List.of(sub));
      InstanceResult written = h.write(sub, KVPS, 4);
      assertEquals(KVPS, written.acknowledged());

      CheckResult check = h.dataCheck(sub, written.acknowledged());
      assertTrue(check.passed(), check.toString());
      assertEquals(Long.toString(KVPS), check.measured().text());
      assertEquals("0", h.admin.measurements().get("mqtt duplicates delivered (QoS 1 redeliveries, not counted)"));

      // The verifying subscriber counts each reading once: one whose sensor's timestamp it has seen is a
      // redelivery (reported as a duplicate, not a reading), so a batch published again under its own keys adds
      // no reading; the retried batch that does is one under new keys.
      StoreFaults.failTheDataCheck(h, "mqttfault", FaultyBinding.Kind.DUPLICATE_NEW_KEY);

      h.admin.purge();
      assertEquals(0, h.admin.totalReadings(List.of(sub)), "nothing is counted after a purge");
    }
  }
}

package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.Latency;
import io.iotkit.model.Operation;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole protocol on the local HiveMQ CE broker, with a small K, through bin/tpcx-iot.sh, the instances on a
 * driver host in another network namespace ({@link OtherNetworkHost}): the verifying
 * subscriber receives exactly what the broker acknowledged, and the run honestly says the query rule does not
 * apply to a broker. (The file check is not asserted: it depends on the audit manifest of the build.)
 */
class MqttProtocolIT {
  private static final long K = 20_000;

  /**
   * With a login whose password is the canary (HiveMQ CE without a security extension accepts any login, so the
   * password really travels in each CONNECT) and a trust store with the canary as its password (the kit opens it;
   * mqtt.tls is off, so no handshake uses it): the canary reaches no output.
   */
  @Test
  @Tag("smoke")
  void wholeProtocolOnLocalHiveMq(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    Path props = Files.writeString(work.resolve("mqtt.properties"), "mqtt.username=kit\nmqtt.password="
        + canary.value + "\nmqtt.tls.truststore=" + canary.keyStore(work) + "\nmqtt.tls.truststore.password="
        + canary.value + "\n");
    KitProcess.CompletedRun run = WholeProtocolRun.run(work, canary, K, "-b", "mqtt",
        "--binding-properties", props.toString());
    KitProcess.Finished f = run.process();
    Path runDir = run.runDir();
    RunResult r = run.result();
    KitProcess.assertStoreFilesDeleted(runDir, List.of("broker/data"), List.of("broker/conf"));
    String brokerLog = Files.readString(runDir.resolve("sut/mqtt-server.log"));
    assertTrue(brokerLog.contains("Xodus deletes emptied log files after 5000 ms in"), "the broker's Xodus"
        + " stores were found and their deletion wait set");

    for (IterationResult it : r.iterations()) {
      assertEquals(Long.toString(2 * K), KitProcess.check(it.checks(), "data check").measured().text());
      assertEquals(Long.toString(2 * K),
          it.storeMeasurements().get("mqtt readings delivered to the verifying subscriber (distinct)"));
      // every reading delivered to the verifying subscriber has its end-to-end latency, in the execution that
      // generated it
      for (PhaseResult p : List.of(it.warmup(), it.measured())) {
        Latency e2e = p.latency().get(Operation.END_TO_END);
        assertEquals(p.acknowledged(), e2e.count(), p.name() + ": " + e2e);
        assertTrue(e2e.p50Ms() > 0 && e2e.p50Ms() <= e2e.maxMs(), e2e.toString());
        assertEquals(p.acknowledged(), p.endToEnd().micros().micros().getTotalCount());
      }
      assertEquals(it.measured().acknowledged(), it.consumers().withProducers().readings(),
          "the verifying subscriber received the measured run while it was written");
      assertEquals(null, it.consumers().alone(), "no consumer-only read was asked");
      assertEquals(0, it.measured().failedOperations());
      assertEquals(0, it.measured().queries(), "a broker is never queried");
      CheckResult queries = KitProcess.check(it.checks(), "readings per query");
      assertFalse(queries.passed());
      assertTrue(queries.measured().text().startsWith("not applicable"), queries.measured().text());
    }
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), "purge, temp files and restart all done");
    assertEquals("0", KitProcess.check(r.cleanup(), "readings left after purge").measured().text());

    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertFalse(replication.passed());
    assertTrue(replication.measured().text().startsWith("1 "), replication.measured().text());
    assertFalse(r.compliant());
    assertTrue(r.reasons().stream().anyMatch(s -> s.contains("readings per query: not applicable")),
        r.reasons().toString());
    assertTrue(r.metrics().iotps() > 0);

    assertTrue(f.stdout().contains("IoTps"), "the report is printed");
    assertTrue(f.stdout().contains("NOT COMPLIANT"));
    assertTrue(Files.isRegularFile(runDir.resolve("report.txt")));
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()), "no instance or broker left running");
    canary.assertNowhereInACompleteRun(f, runDir, "mqtt.password", "io.iotkit.instance.InstanceMain",
        "io.iotkit.server.mqtt.HiveMqBroker");
  }
}

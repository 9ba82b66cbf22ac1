package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.binding.ReadingFormat;
import io.iotkit.model.CheckResult;
import io.iotkit.model.IterationResult;
import io.iotkit.model.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole protocol on the embedded HBase, with a small K, through bin/tpcx-iot.sh, the instances on a driver host
 * in another network namespace ({@link OtherNetworkHost}).
 */
class HBaseProtocolIT {
  private static final long K = 20_000; // 10,000 per instance: 5 queries each per execution

  /**
   * With the canary as the password of the HBase client's TLS trust and key stores (hbase.rpc.tls.*, passed to the
   * client as they are). The embedded HBase has neither TLS nor Kerberos, so no handshake or login uses them: the
   * test shows that the secret settings the kit hands to the HBase client reach no output.
   */
  @Test
  @Tag("smoke")
  void wholeProtocolOnEmbeddedHBase(@TempDir Path work) throws Exception {
    Canary canary = new Canary();
    Path props = Files.writeString(work.resolve("hbase.properties"), "hbase.rpc.tls.truststore.password="
        + canary.value + "\nhbase.rpc.tls.keystore.password=" + canary.value + "\n");
    KitProcess.CompletedRun run = WholeProtocolRun.run(work, canary, K, "--binding-properties", props.toString());
    KitProcess.Finished f = run.process();
    Path runDir = run.runDir();
    RunResult r = run.result();
    KitProcess.assertStoreFilesDeleted(runDir, List.of("data/hbase", "data/zookeeper"),
        List.of("hbase-server.log"));
    // The console holds the kit's lines only: the HBase client's warnings and stack traces go to master.log
    assertFalse(f.stdout().contains("\tat ") || f.stderr().contains("\tat "), () -> "a stack trace on the console:\n"
        + f.stdout() + "\n--- stderr ---\n" + f.stderr());
    assertFalse(f.stdout().contains(" WARN ") || f.stderr().contains(" WARN "), "a library's log line on the console");
    assertTrue(Files.readString(runDir.resolve("master.log")).contains("WARN"), "the HBase client's log is kept");

    WholeProtocolRun.assertQueriedOnSchedule(r, K);
    for (IterationResult it : r.iterations()) {
      ReadAmplification.assertExactRanges(it.measured());
      assertTrue(it.measured().elapsedSeconds() > 0);
      assertEquals(2, it.measured().instances().size());
    }
    for (IterationResult it : r.iterations()) {
      // the embedded HBase is sampled as the SUT, and what it writes reaches the disks
      var sut = it.measured().resources().processesOf("sut");
      assertFalse(sut.isEmpty(), "the embedded HBase's process is sampled");
      assertTrue(sut.stream().allMatch(p -> p.diskMeasured()
          && java.util.Arrays.stream(p.diskWriteBytes()).sum() > 0), "the SUT wrote to disk");
      // The host's disks are sampled every second. What this HBase writes reaches them only by the kernel's
      // writeback (on the local filesystem its WAL is not synced), often after the measured run, and files its
      // cleaners delete within seconds may never reach them: so no count is asserted, only that each second has one.
      var host = it.measured().resources().hosts().get(0);
      assertEquals(host.seconds(), host.diskWriteBytes().length);
      assertTrue(java.util.Arrays.stream(host.diskWriteBytes()).allMatch(b -> b >= 0));
    }
    assertTrue(r.cleanup().stream().allMatch(CheckResult::passed), "purge, temp files and restart all done");
    assertOneRegionPerSubstation(r);

    // The kit as built matches its manifest; the embedded SUT and a 20k run are honestly non-compliant.
    CheckResult files = KitProcess.check(r.prerequisites(), "file check");
    assertTrue(files.passed(), files.measured().text());
    CheckResult replication = KitProcess.check(r.prerequisites(), "replication");
    assertFalse(replication.passed());
    assertTrue(replication.measured().text().startsWith("1 "), replication.measured().text());
    assertFalse(r.compliant());
    assertTrue(r.reasons().stream().anyMatch(s -> s.contains("elapsed")), r.reasons().toString());
    assertTrue(r.metrics().iotps() > 0);
    assertEquals(Math.min(r.metrics().iterationIotps().get(0), r.metrics().iterationIotps().get(1)),
        r.metrics().iotps(), 1e-9);

    assertTrue(f.stdout().contains("IoTps"), "the report is printed");
    assertTrue(Files.isRegularFile(runDir.resolve("report.txt")));
    assertTrue(Files.isRegularFile(runDir.resolve("histograms/iteration-2-measured.hlog")));
    assertEquals(List.of(), KitProcess.leftovers(runDir.toString()), "no instance or server left running");
    canary.assertNowhereInACompleteRun(f, runDir, "hbase.rpc.tls.truststore.password",
        "io.iotkit.instance.InstanceMain", "io.iotkit.server.hbase.StandaloneHBase");
  }

  /**
   * Each iteration's table had, before its first insert, one region per substation, split where the next
   * substation's keys begin, as HBase reported it (the iteration's dataLayout).
   */
  static void assertOneRegionPerSubstation(RunResult r) {
    for (IterationResult it : r.iterations()) {
      Map<String, String> layout = it.dataLayout();
      assertEquals(Integer.toString(it.substations().size()), layout.get("regions"), layout.toString());
      assertEquals(it.substations().stream().skip(1).map(ReadingFormat::substationPrefix)
          .collect(Collectors.joining(", ")), layout.get("split points"), layout.toString());
      assertTrue(layout.get("region 1").contains(" on "), "each region names its server: " + layout);
    }
  }
}

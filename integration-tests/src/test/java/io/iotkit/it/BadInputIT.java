package io.iotkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.RunResult;
import io.iotkit.model.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one clear line on stderr and a non-zero exit, never a stack trace. */
class BadInputIT {

  @Test
  void noSubstations(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-p", "0", "-k", "100"), 2, "-p must be at least 1");
  }

  @Test
  void fewerKvpsThanSubstations(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-p", "4", "-k", "3"), 2, "-k must be at least -p");
  }

  @Test
  void notANumber(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-p", "two"), 2, "'two'");
  }

  @Test
  void unknownBinding(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-b", "cassandra", "-p", "1", "-k", "10"), 2,
        "unknown binding 'cassandra'; built bindings: hbase");
  }

  @Test
  void missingPricingFile(@TempDir Path work) throws Exception {
    assertOneLine(KitProcess.run(work, 2, "-b", "null", "-p", "1", "-k", "10", "--pricing", "nope.json"), 2,
        "pricing file nope.json no such file");
  }

  @Test
  void malformedPricingFile(@TempDir Path work) throws Exception {
    Files.writeString(work.resolve("bad.json"), "{\"currency\": \"USD\", \"lineItems\": [ {\"description\": ");
    assertOneLine(KitProcess.run(work, 2, "-b", "null", "-p", "1", "-k", "10", "--pricing", "bad.json"), 2,
        "pricing file bad.json not valid pricing JSON");
  }

  @Test
  void pricingItemWithoutPrice(@TempDir Path work) throws Exception {
    Files.writeString(work.resolve("p.json"), "{\"currency\": \"USD\", \"lineItems\": [ {\"description\": \"x\","
        + " \"quantity\": 1, \"availabilityDate\": \"2026-01-01\"} ]}");
    assertOneLine(KitProcess.run(work, 2, "-b", "null", "-p", "1", "-k", "10", "--pricing", "p.json"), 2,
        "pricing file p.json");
  }

  @Test
  void unreachableSut(@TempDir Path work) throws Exception {
    KitProcess.Finished f = runHBase(work, "hbase.zookeeper.quorum=127.0.0.1\nhbase.zookeeper.property.clientPort=1\n");
    assertOneLine(f, 1, "hbase: cannot reach ZooKeeper (127.0.0.1:1: Connection refused)");
    RunResult r = KitProcess.result(KitProcess.onlyRunDir(work.resolve("results")));
    assertEquals(RunStatus.ABORTED, r.status(), "the run folder says the run did not happen");
    assertTrue(r.iterations().isEmpty());
    assertFalse(r.compliant());
  }

  @Test
  void badBindingProperty(@TempDir Path work) throws Exception {
    KitProcess.Finished f = runHBase(work, "hbase.zookeeper.quorum=127.0.0.1\nhbase.batch.size=abc\n");
    assertOneLine(f, 2, "hbase: hbase.batch.size 'abc' is not a whole number of at least 1");
    assertFalse(f.stderr().contains("kit error"), f.stderr());
    RunResult r = KitProcess.result(KitProcess.onlyRunDir(work.resolve("results")));
    assertEquals(RunStatus.ABORTED, r.status(), "the run folder says the run did not happen");
  }

  @Test
  void oldHBasePropertyNameIsStillReadAndWarnedAbout(@TempDir Path work) throws Exception {
    KitProcess.Finished f = runHBase(work, "hbase.zookeeper.quorum=127.0.0.1\niot.hbase.batch.size=abc\n");
    // The old name's value reaches the binding (and is rejected here, which proves it was read) ...
    assertOneLine(f, 2, "hbase: hbase.batch.size 'abc' is not a whole number of at least 1");
    // ... and the user is told the new name, once, at the start of the run and in the log.
    String warning = "warning: hbase: property iot.hbase.batch.size is now called hbase.batch.size";
    assertEquals(1, f.stdout().lines().filter(l -> l.startsWith(warning)).count(), f.stdout());
    Path log = KitProcess.onlyRunDir(work.resolve("results")).resolve("master.log");
    assertTrue(Files.readString(log).contains("property iot.hbase.batch.size is now called hbase.batch.size"),
        Files.readString(log));
  }

  @Test
  void strictRunAbortsAtFirstBrokenRule(@TempDir Path work) throws Exception {
    // The sink keeps no copy: the replication check breaks before any data is written.
    KitProcess.Finished f = KitProcess.run(work, 3, "--strict", "-b", "null", "-p", "1", "-k", "1000",
        "--results", work.resolve("results").toString());
    assertOneLine(f, 1, "--strict: replication factor broke its rule");
    RunResult r = KitProcess.result(KitProcess.onlyRunDir(work.resolve("results")));
    assertEquals(RunStatus.ABORTED, r.status());
    assertTrue(r.iterations().isEmpty(), "nothing ran after the broken rule");
    assertTrue(r.prerequisites().get(0).passed(), "the file check passed first: " + r.prerequisites().get(0));
  }

  /** A small hbase run with these binding properties, its run folder under work/results. */
  private static KitProcess.Finished runHBase(Path work, String properties) throws Exception {
    Path props = Files.writeString(work.resolve("hbase.properties"), properties);
    return KitProcess.run(work, 3, "-p", "1", "-k", "10", "--binding-properties", props.toString(), "--results",
        work.resolve("results").toString());
  }

  private static void assertOneLine(KitProcess.Finished f, int exitCode, String expected) {
    assertEquals(exitCode, f.exitCode(), f.stderr());
    String err = f.stderr().strip();
    assertEquals(1, err.lines().count(), "one line on stderr, got:\n" + err);
    assertTrue(err.contains(expected), "expected '" + expected + "' in: " + err);
    assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace: " + err);
    assertFalse(f.stdout().contains("\tat "), "no stack trace on stdout");
  }
}

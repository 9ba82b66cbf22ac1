package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemDescriptionTest {
  @TempDir
  Path dir;

  private Path file(String json) throws IOException {
    Path f = dir.resolve("system.json");
    Files.writeString(f, json);
    return f;
  }

  /** Loading fails with one line naming the file and containing {@code expectedPart}. */
  private String rejected(Path f, String expectedPart) {
    var e = assertThrows(SystemDescription.InvalidSystemDescriptionException.class, () -> SystemDescription.load(f));
    String m = e.getMessage();
    assertTrue(m.startsWith("system description file " + f + " "), m);
    assertTrue(m.contains(expectedPart), m);
    assertFalse(m.contains("\n") || m.contains("\r"), m);
    assertTrue(m.endsWith("; see workloads/system.json for the format"), m);
    return m;
  }

  @Test
  void theShippedExampleLoads() throws Exception {
    SystemDescription d = SystemDescription.load(Path.of("..", "workloads", "system.json"));
    assertEquals("Example sponsor (replace with yours)", d.sponsor());
    assertNull(d.reportDate());
    assertEquals("", d.auditor());
    assertEquals(1, d.hardware().nodes().size());
    assertEquals(2, d.hardware().nodes().get(0).processors().coresPerProcessor());
    assertEquals("2.5.10", d.software().dataManagementSystem().version());
    assertEquals(2, d.tunables().size());
  }

  @Test
  void aPartialFileLoadsWithTheRestNull() throws Exception {
    SystemDescription d = SystemDescription.load(file("{\"sponsor\": \"ACME\", \"reportDate\": \"2026-03-01\"}"));
    assertEquals("ACME", d.sponsor());
    assertEquals(LocalDate.of(2026, 3, 1), d.reportDate());
    assertNull(d.hardware());
    assertNull(d.tunables());
  }

  @Test
  void aFileWithoutAPricedConfigurationPricesTheMeasuredOne() throws Exception {
    SystemDescription d = SystemDescription.load(file("{\"hardware\": {\"diagram\": \"fig. 1\","
        + " \"nodes\": [{\"count\": 2}]}, \"pricedConfigurationDifferences\": \"none\"}"));
    assertNull(d.pricedHardware());
    assertEquals(d.hardware(), d.pricedConfiguration());
  }

  @Test
  void aPricedConfigurationLoadsBesideTheMeasuredOneAndItsCountsAreChecked() throws Exception {
    SystemDescription d = SystemDescription.load(file("{\"hardware\": {\"diagram\": \"fig. 1\","
        + " \"nodes\": [{\"count\": 2}]}, \"pricedHardware\": {\"diagram\": \"fig. 2\","
        + " \"nodes\": [{\"count\": 3, \"model\": \"R750\"}]}}"));
    assertEquals("fig. 2", d.pricedConfiguration().diagram());
    assertEquals(3, d.pricedHardware().nodes().get(0).count());
    assertEquals(2, d.hardware().nodes().get(0).count());
    rejected(file("{\"pricedHardware\": {\"nodes\": [{\"count\": 0}]}}"), "pricedHardware.nodes[0].count = 0");
    rejected(file("{\"pricedHardware\": {\"nodes\": [{\"cpus\": 2}]}}"),
        "unknown field 'pricedHardware.nodes[0].cpus'");
  }

  @Test
  void missingFile() {
    rejected(dir.resolve("nope.json"), "no such file");
  }

  @Test
  void malformedJson() throws Exception {
    String m = rejected(file("{\n  \"sponsor\": \"ACME\",\n  \"auditor\": \n"), "is not valid system description JSON");
    assertTrue(m.contains("line"), m);
  }

  @Test
  void unknownTopLevelField() throws Exception {
    String m = rejected(file("{\"sponsor\": \"ACME\", \"sponser\": \"typo\"}"), "unknown field 'sponser'");
    assertTrue(m.contains("known here: auditor, compilerOptions, dataLayout"), m);
  }

  @Test
  void unknownNestedFieldNamesItsPath() throws Exception {
    rejected(file("{\"hardware\": {\"nodes\": [{\"role\": \"db\", \"cpus\": 4}]}}"),
        "unknown field 'hardware.nodes[0].cpus'");
  }

  @Test
  void wrongTypeNamesTheField() throws Exception {
    rejected(file("{\"hardware\": {\"nodes\": [{\"count\": \"two\"}]}}"), "at hardware.nodes[0].count");
    rejected(file("{\"hardware\": {\"nodes\": [{\"count\": 1.5}]}}"), "at hardware.nodes[0].count");
    rejected(file("{\"reportDate\": \"March 1st\"}"), "at reportDate");
  }

  @Test
  void countsMustBePositive() throws Exception {
    rejected(file("{\"hardware\": {\"nodes\": [{\"count\": 0}]}}"), "hardware.nodes[0].count = 0");
    rejected(file("{\"hardware\": {\"nodes\": [{\"disks\": [{\"count\": -2}]}]}}"), "hardware.nodes[0].disks[0].count = -2");
  }

  @Test
  void trailingContentIsAnError() throws Exception {
    rejected(file("{\"sponsor\": \"ACME\"} {\"sponsor\": \"other\"}"), "is not valid system description JSON");
  }
}

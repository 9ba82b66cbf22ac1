package io.iotkit.sponsor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.SystemDescription;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a system description: what loads, and the line each bad field gets. */
class SystemFileTest {
  private static final String SYSTEM_FIELDS = "sponsor, systemName, reportDate, auditor, hardware, pricedHardware,"
      + " software, tunables, compilerOptions, dataLayout, pricedConfigurationDifferences";

  @TempDir
  Path dir;

  private Path file(String json) throws IOException {
    Path f = dir.resolve("system.json");
    Files.writeString(f, json);
    return f;
  }

  /** The file is rejected with a message whose lines after the first, naming the file, are {@code lines}. */
  private static void rejected(Path f, String... lines) {
    var e = assertThrows(SystemDescription.InvalidSystemDescriptionException.class, () -> SponsorFiles.system(f));
    List<String> all = e.getMessage().lines().toList();
    assertEquals("system description file " + f + " has " + lines.length + " bad field"
        + (lines.length == 1 ? "" : "s") + " (docs/SPONSOR-FILES.md describes each):", all.get(0));
    assertEquals(List.of(lines).stream().map(l -> f + ": " + l).toList(), all.subList(1, all.size()));
  }

  /** The file is rejected as a whole, with one line. */
  private static String unreadable(Path f, String expectedPart) {
    var e = assertThrows(SystemDescription.InvalidSystemDescriptionException.class, () -> SponsorFiles.system(f));
    String m = e.getMessage();
    assertEquals(1, m.lines().count(), m);
    assertTrue(m.startsWith("system description file " + f + ": "), m);
    assertTrue(m.contains(expectedPart), m);
    return m;
  }

  @Test
  void aFileWithoutAPricedConfigurationPricesTheMeasuredOne() throws Exception {
    SystemDescription d = SponsorFiles.system(file("{\"hardware\": {\"diagram\": \"fig. 1\","
        + " \"nodes\": [{\"count\": 2}]}, \"pricedConfigurationDifferences\": \"none\"}"));
    assertNull(d.pricedHardware());
    assertEquals(d.hardware(), d.pricedConfiguration());
  }

  @Test
  void aPricedConfigurationLoadsBesideTheMeasuredOneAndItsFieldsAreChecked() throws Exception {
    SystemDescription d = SponsorFiles.system(file("{\"hardware\": {\"diagram\": \"fig. 1\","
        + " \"nodes\": [{\"count\": 2}]}, \"pricedHardware\": {\"diagram\": \"fig. 2\","
        + " \"nodes\": [{\"count\": 3, \"model\": \"R750\"}]}, \"compilerOptions\": \"-O2\"}"));
    assertEquals("fig. 2", d.pricedConfiguration().diagram());
    assertEquals(3, d.pricedHardware().nodes().get(0).count());
    assertEquals(2, d.hardware().nodes().get(0).count());
    assertEquals("-O2", d.compilerOptions());
    rejected(file("{\"pricedHardware\": {\"nodes\": [{\"count\": 0}]}}"),
        "pricedHardware.nodes[0].count: must be an integer >= 1 or null, was 0");
  }

  @Test
  void theShippedExampleLoads() throws Exception {
    SystemDescription d = SponsorFiles.system(Path.of("..", "workloads", "system.json"));
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
    SystemDescription d = SponsorFiles.system(file("{\"sponsor\": \"ACME\", \"reportDate\": \"2026-03-01\"}"));
    assertEquals("ACME", d.sponsor());
    assertEquals(LocalDate.of(2026, 3, 1), d.reportDate());
    assertNull(d.hardware());
    assertNull(d.tunables());
  }

  @Test
  void nullsAreFieldsNotGivenYet() throws Exception {
    // what the documents show as MISSING: a part, a product, a tunable not filled in yet
    SystemDescription d = SponsorFiles.system(file("{\"hardware\": null, \"software\": {\"jvm\": null, \"other\":"
        + " [null]}, \"tunables\": [null], \"reportDate\": null}"));
    assertNull(d.hardware());
    assertNull(d.software().jvm());
    assertNull(d.tunables().get(0));
  }

  @Test
  void missingFile() {
    unreadable(dir.resolve("nope.json"), "no such file");
  }

  @Test
  void malformedJsonSaysWhere() throws Exception {
    unreadable(file("{\n  \"sponsor\": \"ACME\",\n  \"auditor\": \n"), "not JSON at line 4");
  }

  @Test
  void trailingContentIsAnError() throws Exception {
    unreadable(file("{\"sponsor\": \"ACME\"} {\"sponsor\": \"other\"}"), "not JSON");
  }

  @Test
  void notAnObject() throws Exception {
    rejected(file("[{\"sponsor\": \"ACME\"}]"), "the top level: must be an object, was an array");
    rejected(file("null"), "the top level: must be an object, was null");
  }

  @Test
  void unknownTopLevelField() throws Exception {
    rejected(file("{\"sponsor\": \"ACME\", \"sponser\": \"typo\"}"),
        "sponser: is not a field here; the fields here are " + SYSTEM_FIELDS);
  }

  @Test
  void unknownNestedFieldNamesItsPath() throws Exception {
    rejected(file("{\"hardware\": {\"nodes\": [{\"role\": \"db\", \"cpus\": 4}]}}"),
        "hardware.nodes[0].cpus: is not a field here; the fields here are role, count, model, processors, memory,"
            + " memoryPartitioning, disks, storageControllers, network");
  }

  @Test
  void wrongTypeNamesTheField() throws Exception {
    rejected(file("{\"hardware\": {\"nodes\": [{\"count\": \"two\"}]}}"),
        "hardware.nodes[0].count: must be an integer >= 1 or null, was \"two\"");
    rejected(file("{\"hardware\": {\"nodes\": [{\"count\": 1.5}]}}"),
        "hardware.nodes[0].count: must be an integer >= 1 or null, was 1.5");
    rejected(file("{\"reportDate\": \"March 1st\"}"),
        "reportDate: must be a date (YYYY-MM-DD) or null, was \"March 1st\"");
    rejected(file("{\"software\": {\"jvm\": \"OpenJDK 17\"}}"),
        "software.jvm: must be an object or null, was \"OpenJDK 17\"");
    rejected(file("{\"tunables\": {\"component\": \"JVM\"}}"),
        "tunables: must be an array of objects or nulls, or null, was an object");
  }

  @Test
  void countsMustBePositive() throws Exception {
    rejected(file("{\"hardware\": {\"nodes\": [{\"count\": 0}]}}"),
        "hardware.nodes[0].count: must be an integer >= 1 or null, was 0");
    rejected(file("{\"hardware\": {\"nodes\": [{\"disks\": [{\"count\": -2}], \"processors\": {\"threadsPerCore\":"
        + " 0}}]}}"),
        "hardware.nodes[0].processors.threadsPerCore: must be an integer >= 1 or null, was 0",
        "hardware.nodes[0].disks[0].count: must be an integer >= 1 or null, was -2");
  }

  @Test
  void anEmptyNodeOrDiskEntryIsAnError() throws Exception {
    rejected(file("{\"hardware\": {\"nodes\": [null, {\"disks\": [null]}]}}"),
        "hardware.nodes[0]: must be an object, was null",
        "hardware.nodes[1].disks[0]: must be an object, was null");
  }
}

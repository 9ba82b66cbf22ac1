package io.iotkit.disclosure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Json;
import io.iotkit.model.RunResult;
import io.iotkit.model.SystemDescription;
import io.iotkit.result.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DisclosureTest {
  /** The kit's own templates, as the module's tests see them (the working directory is kit-driver/). */
  private static final Path TEMPLATES = Path.of("..", "fdr-templates");
  /** Every sponsor field of a description, listed when there is none at all. */
  private static final List<String> ALL_SPONSOR_FIELDS = List.of("sponsor", "systemName", "auditor", "hardware",
      "software", "tunables", "dataLayout", "pricedConfigurationDifferences");

  @TempDir
  Path runDir;

  private List<String> render(RunResult r) throws IOException {
    List<Path> written = Disclosure.write(RunFolder.of(runDir), r, TEMPLATES);
    assertEquals(List.of(runDir.resolve("fdr.md"), runDir.resolve("fdr.html"), runDir.resolve("executive-summary.md"),
        runDir.resolve("executive-summary.html")), written);
    List<String> texts = new ArrayList<>();
    for (Path p : written) {
      texts.add(Files.readString(p));
    }
    return texts;
  }

  @Test
  void theFdrHasTheMetricPricingAndBothIterations() throws Exception {
    String fdr = render(DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing())).get(0);
    assertTrue(fdr.startsWith("# Full Disclosure Report — Gateway 9000\n"), fdr);
    assertTrue(fdr.contains("| IoTps | 4,500.00 |"), fdr);
    assertTrue(fdr.contains("| Price/performance | USD 13.3333 per IoTps = USD 13,333.33 per kIoTps |"), fdr);
    assertTrue(fdr.contains("| Total cost of ownership (3 years) | USD 60,000.00 |"), fdr);
    assertTrue(fdr.contains("| System availability date | 2026-04-30 |"), fdr);
    // Pricing table with extended prices.
    assertTrue(fdr.contains("| R740-GW | server | list | 13,889.17 | 10.0 % | 12,500.25 | 4 | 50,001.00 | – |"
        + " 2026-02-01 |"), fdr);
    assertTrue(fdr.contains("| SUP-3Y | 3-year support | quote | – | – | 9,999.00 | 1 | 9,999.00 | 36 months |"
        + " 2026-04-30 |"), fdr);
    // Both iterations, with warmup and measured times.
    assertTrue(fdr.contains("### Iteration 1"), fdr);
    assertTrue(fdr.contains("### Iteration 2"), fdr);
    assertTrue(fdr.contains("| measured | 2026-01-01 00:33:20.000 | 2026-01-01 01:06:40.000 | 2000.000 | 10,000,000 "
        + "| 5,000.00 |"), fdr);
    assertTrue(fdr.contains("| measured | 2026-01-01 03:20:00.000 | 2026-01-01 03:53:20.000 | 2000.000 | 9,000,000 "
        + "| 4,500.00 |"), fdr);
    assertTrue(fdr.contains("| warmup | 2026-01-01 00:00:00.000 | 2026-01-01 00:31:40.000 | 1900.000 | 10,000,000 "), fdr);
    // Per-template latency and the per-substation spread.
    assertTrue(fdr.contains("| query max | 100 | 1.000 | 2.500 | 2.000 | 4.000 | 5.500 | 9.876 |"), fdr);
    assertTrue(fdr.contains("| query min | 90 | 1.100 | 2.200 | 2.100 | 3.900 | 4.400 | 7.125 |"), fdr);
    assertTrue(fdr.contains("min 1900.0 s, max 2000.0 s, average 1950.0 s, spread 5.3%"), fdr);
    // Checks, file check, environment, SUT settings, inputs, sponsor's description.
    assertTrue(fdr.contains("File check: **PASS**: all 42 files match"), fdr);
    assertTrue(fdr.contains("| FAIL | replication factor | 1 (embedded standalone HBase) | >= 3 (use 3 copies) |"), fdr);
    assertTrue(fdr.contains("| Kernel | 6.1.0-18-amd64 |"), fdr);
    assertTrue(fdr.contains("| Memory | 24 GiB (25,769,803,776 bytes) |"), fdr);
    assertTrue(fdr.contains("| Caches (one logical CPU) | L1d 48 KiB, L3 32 MiB |"), fdr);
    assertTrue(fdr.contains("| vda | not reported | 100 GiB (107,374,182,400 bytes) | solid state |"), fdr);
    assertTrue(fdr.contains("- Version reported by the store: 2.5.10"), fdr);
    assertTrue(fdr.contains("  - `hbase.regionserver.handler.count` = `60`"), fdr);
    assertTrue(fdr.contains("| Binding properties file (attach it, secrets removed) | workloads/hbase.properties;"
        + " with hbase.batch.size=10 on the command line |"), fdr);
    assertTrue(fdr.contains("| Report date | 2026-01-01 |"), fdr);
    assertTrue(fdr.contains("| Test sponsor | ACME <Labs> & Co |"), fdr);
    assertTrue(fdr.contains("| Processors per node | 2 × Xeon Gold 6338 |"), fdr);
    assertTrue(fdr.contains("| Disks | 8 × 3.84 TB NVMe SSD |"), fdr);
    assertTrue(fdr.contains("| Performance run (the measured run with the lower IoTps) | iteration 2 |"), fdr);
    assertTrue(fdr.contains("| Difference between the two measured runs | 11.11% |"), fdr);
    assertTrue(fdr.contains("| Result | NOT COMPLIANT |"), fdr);
    assertFalse(fdr.contains("Missing information"), fdr);
    assertFalse(fdr.contains("MISSING"), fdr);
  }

  @Test
  void theMeasuredAndThePricedConfigurationAreEachDescribed() throws Exception {
    List<String> texts = render(DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing()));
    String fdr = texts.get(0);
    int measured = fdr.indexOf("### Measured configuration\n");
    int priced = fdr.indexOf("### Priced configuration\n");
    int differences = fdr.indexOf("### Differences between the measured and the priced configuration\n\n"
        + "the priced nodes have 1 TiB of memory each, and a second switch\n");
    assertTrue(0 < measured && measured < priced && priced < differences, fdr);
    String measuredPart = fdr.substring(measured, priced);
    String pricedPart = fdr.substring(priced, differences);
    assertTrue(measuredPart.contains("- Diagram of every node, switch and storage system: Figure 1 of this report"),
        measuredPart);
    assertTrue(measuredPart.contains("| Memory | 512 GiB |"), measuredPart);
    assertTrue(pricedPart.contains("- Diagram of every node, switch and storage system: Figure 2 of this report"),
        pricedPart);
    assertTrue(pricedPart.contains("- Network between the nodes: two 25 GbE switches, redundant"), pricedPart);
    assertTrue(pricedPart.contains("#### Node kind 1: HBase region server"), pricedPart);
    assertTrue(pricedPart.contains("| Memory | 1 TiB |"), pricedPart);
    String html = texts.get(1);
    assertTrue(html.indexOf("<h3>Measured configuration</h3>") < html.indexOf("<h3>Priced configuration</h3>"),
        html);
    assertTrue(html.contains("<tr><th>Memory</th><td>1 TiB</td></tr>"), html);
  }

  @Test
  void withoutAPricedConfigurationTheFdrSaysTheMeasuredOneIsPriced() throws Exception {
    RunResult r = DisclosureFixture.run(DisclosureFixture.systemPricedAsMeasured(), DisclosureFixture.pricing());
    assertEquals(List.of(), Disclosure.missingFields(r), "an old description without pricedHardware is complete");
    List<String> texts = render(r);
    String fdr = texts.get(0);
    String pricedPart = fdr.substring(fdr.indexOf("### Priced configuration\n"),
        fdr.indexOf("### Differences between the measured and the priced configuration\n\nnone\n"));
    assertEquals("### Priced configuration\n\n" + SponsorSection.SAME_AS_MEASURED + "\n\n", pricedPart);
    assertTrue(texts.get(1).contains("<h3>Priced configuration</h3>\n<p>" + SponsorSection.SAME_AS_MEASURED
        + "</p>"), texts.get(1));
  }

  @Test
  void compilerAndRuntimeOptionsAreDisclosed() throws Exception {
    List<String> texts = render(DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing()));
    String fdr = texts.get(0);
    int at = fdr.indexOf("### Compiler and runtime options\n");
    assertTrue(at > fdr.indexOf("### Tunables changed from their defaults") && at < fdr.indexOf("### The kit's inputs"),
        fdr);
    String section = fdr.substring(at, fdr.indexOf("### The kit's inputs"));
    assertTrue(section.contains("| Compiler optimisation options of software compiled for the run (the sponsor's) |"
        + " ZooKeeper's native client library built with gcc -O2 -march=x86-64-v2 |"), section);
    assertTrue(section.contains("| Master JVM options | `-Xmx1g -Dkit.home=/opt/kit` |"), section);
    assertTrue(section.contains("| Driver instance JVM options | `-Xms256m -Xmx1g`, and `-Djava.io.tmpdir` set by the"
        + " kit to the run's temporary folder |"), section);
    assertTrue(section.contains("| JVM options of a local server the kit started | the command line of each server"
        + " JVM the kit started"), section);
    assertTrue(texts.get(1).contains("<h3>Compiler and runtime options</h3>"), texts.get(1));

    String older = render(DisclosureFixture.run(DisclosureFixture.systemPricedAsMeasured(),
        DisclosureFixture.pricing())).get(0);
    assertTrue(older.contains("| Compiler optimisation options of software compiled for the run (the sponsor's) | "
        + SponsorSection.NO_COMPILER_OPTIONS + " |"), older);
  }

  @Test
  void theExecutiveSummaryHasTheNumericalQuantitiesOfBothRuns() throws Exception {
    String summary = render(DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing())).get(2);
    assertTrue(summary.contains("| | iteration 1 | iteration 2 |\n|---|---|---|\n"), summary);
    assertTrue(summary.contains("| measured IoTps | 5,000.00 | 4,500.00 |"), summary);
    assertTrue(summary.contains("| measured TS_start (UTC) | 2026-01-01 00:33:20.000 | 2026-01-01 03:20:00.000 |"),
        summary);
    assertTrue(summary.contains("| measured elapsed (s) | 2000.000 | 2000.000 |"), summary);
    assertTrue(summary.contains("| IoTps | 4,500.00 |"), summary);
    assertTrue(summary.contains("| Total system cost (3 years) | USD 60,000.00 |"), summary);
    assertTrue(summary.contains("| Priced configuration: nodes / processors / cores / threads | 4 / 8 / 256 / 512 |"), summary);
    assertTrue(summary.contains("| Storage | 4 × (8 × 3.84 TB NVMe SSD) |"), summary);
    // the totals are the priced configuration's, whose price the summary gives; the measured one had 512 GiB
    assertTrue(summary.contains("| Memory | 4 × 1 TiB |"), summary);
    assertTrue(summary.contains("| Network | two 25 GbE switches, redundant |"), summary);
    assertTrue(summary.contains("| Data management system | Apache HBase 2.5.10 |"), summary);
    assertTrue(summary.contains("| R740-GW | server | list | 13,889.17 | 10.0 % | 12,500.25 | 4 | 50,001.00 | – |"
        + " 2026-02-01 |"), summary);
    assertTrue(summary.contains("| Scale | P = 2 substations, K = 10,000,000 kvps per execution |"), summary);
  }

  @Test
  void htmlIsEscapedAndSelfContained() throws Exception {
    List<String> texts = render(DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing()));
    for (String html : List.of(texts.get(1), texts.get(3))) {
      assertTrue(html.startsWith("<!DOCTYPE html>"), html);
      assertTrue(html.contains("<style>"), html);
      assertTrue(html.contains("<td>ACME &lt;Labs&gt; &amp; Co</td>"), html);
      assertFalse(html.contains("ACME <Labs>"), html);
      assertFalse(html.contains("http://") || html.contains("https://") || html.contains("<link")
          || html.contains("<script") || html.contains("src="), html);
      assertTrue(html.contains("<td class=\"metric\">4,500.00</td>"), html);
    }
    assertTrue(texts.get(1).contains("<tr><td>measured</td><td>2026-01-01 03:20:00.000</td>"), texts.get(1));
    assertTrue(texts.get(3).contains("<tr><th>measured IoTps</th><td class=\"num\">5,000.00</td>"
        + "<td class=\"num\">4,500.00</td></tr>"), texts.get(3));
  }

  @Test
  void noDocumentShowsACredentialOrAnUnrenderedTag() throws Exception {
    for (String text : render(DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing()))) {
      assertFalse(text.contains(DisclosureFixture.SECRET), text);
      assertFalse(text.contains("{{") || text.contains("}}"), text);
    }
    String fdr = Files.readString(runDir.resolve("fdr.md"));
    assertTrue(fdr.contains("`hbase.zookeeper.client.keytab.password` = `(redacted)`"), fdr);
    assertTrue(fdr.contains("| kafka | `kafka.sasl.password` | `(redacted)` |"), fdr);
  }

  @Test
  void emptyFieldsAreListedExactlyAndShownAsMissing() throws Exception {
    SystemDescription full = DisclosureFixture.system();
    SystemDescription.Node node = full.hardware().nodes().get(0);
    SystemDescription.Node noMemory = new SystemDescription.Node(node.role(), node.count(), node.model(),
        node.processors(), " ", node.memoryPartitioning(), node.disks(), node.storageControllers(), node.network());
    SystemDescription partial = new SystemDescription(full.sponsor(), full.systemName(), full.reportDate(), "",
        new SystemDescription.Hardware(full.hardware().diagram(), List.of(noMemory), full.hardware().network(), null),
        new SystemDescription.Software(new SystemDescription.Product("Apache HBase", null),
            full.software().operatingSystem(), full.software().jvm(), null),
        full.tunables(), null, full.pricedConfigurationDifferences());
    RunResult r = DisclosureFixture.run(partial, DisclosureFixture.pricing());

    List<String> expected = List.of("auditor", "hardware.nodes[0].memory", "software.dataManagementSystem.version",
        "dataLayout");
    assertEquals(expected, Disclosure.missingFields(r));
    List<String> texts = render(r);
    String fdr = texts.get(0);
    assertTrue(fdr.indexOf("## Missing information") < fdr.indexOf("## 1. General items"), fdr);
    for (String field : expected) {
      assertTrue(fdr.contains("- `" + field + "`\n"), fdr);
    }
    assertTrue(fdr.contains("| Auditor | MISSING |"), fdr);
    assertTrue(fdr.contains("| Memory | MISSING |"), fdr);
    assertTrue(fdr.contains("| Data management system | Apache HBase, version MISSING |"), fdr);
    assertTrue(fdr.contains("### Data layout\n\nMISSING\n"), fdr);
    // Optional fields left out are not missing.
    assertTrue(fdr.contains("- Other hardware used in the test or priced: none"), fdr);
    String summary = texts.get(2);
    assertTrue(summary.contains("- `auditor`\n"), summary);
    assertTrue(summary.contains("| Memory | 4 × MISSING |"), summary);
    assertTrue(summary.contains("| Data management system | Apache HBase MISSING |"), summary);
    assertTrue(texts.get(1).contains("<tr><th>Auditor</th><td><span class=\"missing\">MISSING</span></td></tr>"),
        texts.get(1));
  }

  @Test
  void withoutADescriptionEverySponsorFieldIsMissing() throws Exception {
    RunResult r = DisclosureFixture.run(null, DisclosureFixture.pricing());
    assertEquals(ALL_SPONSOR_FIELDS, Disclosure.missingFields(r));
    assertEquals(ALL_SPONSOR_FIELDS, SponsorFields.inDescription(
        new SystemDescription(null, null, null, null, null, null, null, null, null)));
    List<String> texts = render(r);
    String fdr = texts.get(0);
    assertTrue(fdr.startsWith("# Full Disclosure Report — MISSING\n"), fdr);
    assertTrue(fdr.contains("| Test sponsor | MISSING |"), fdr);
    assertTrue(fdr.contains("- Diagram of every node, switch and storage system: MISSING"), fdr);
    assertTrue(fdr.contains("| Data management system | MISSING, version MISSING |"), fdr);
    // What the kit measured is still all there.
    assertTrue(fdr.contains("| IoTps | 4,500.00 |"), fdr);
    assertTrue(fdr.contains("| Kernel | 6.1.0-18-amd64 |"), fdr);
    String summary = texts.get(2);
    assertTrue(summary.contains("| Priced configuration: nodes / processors / cores / threads | MISSING / MISSING / MISSING / MISSING |"),
        summary);
    assertTrue(summary.contains("| Operating system | MISSING |"), summary);
  }

  @Test
  void withoutPricingThePricingFileIsMissingAndNoMetricIsMadeUp() throws Exception {
    RunResult r = DisclosureFixture.run(DisclosureFixture.system(), null);
    assertEquals(List.of(SponsorFields.PRICING_FILE), Disclosure.missingFields(r));
    String fdr = render(r).get(0);
    assertTrue(fdr.contains("| IoTps | not measured |"), fdr);
    assertTrue(fdr.contains("| Total cost of ownership (3 years) | MISSING |"), fdr);
    assertTrue(fdr.contains("Pricing: MISSING"), fdr);
    assertTrue(fdr.contains("| Price/performance | not measured = not measured |"), fdr);
    // The iterations are still reported.
    assertTrue(fdr.contains("| 9,000,000 | 4,500.00 |"), fdr);
  }

  @Test
  void theRunFoldersDigestsGoIntoTheAppendix() throws Exception {
    String line = "8d8a4496319c3f3bd340a1cb0c37e9166735f4f7900e63f437df03e85387d39c  kit-driver/target/kit-driver.jar";
    Files.writeString(runDir.resolve("kit-files.sha256"), line + "\n");
    List<String> texts = render(DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing()));
    assertTrue(texts.get(0).contains("## Appendix A. Kit file digests"), texts.get(0));
    assertTrue(texts.get(0).contains("```\n" + line + "\n```"), texts.get(0));
    assertTrue(texts.get(1).contains(line), texts.get(1));
  }

  @Test
  void aTemplateNamingAnUnknownFieldFailsWithOneLine(@TempDir Path templates) throws Exception {
    for (String name : List.of("full-disclosure-report.md.mustache", "full-disclosure-report.html.mustache",
        "executive-summary.md.mustache", "executive-summary.html.mustache")) {
      Files.writeString(templates.resolve(name), "IoTps {{metrics.iotps}} by {{system.sponser}}\n");
    }
    IOException e = assertThrows(IOException.class, () -> Disclosure.write(RunFolder.of(runDir),
        DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing()), templates));
    assertTrue(e.getMessage().contains("full-disclosure-report.md.mustache"), e.getMessage());
    assertTrue(e.getMessage().contains("sponser"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void theDocumentsComeOutTheSameFromResultJson() throws Exception {
    // `tpcx-iot.sh report` renders again from result.json: the description and environment must survive it.
    RunResult r = DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing());
    RunResult back = Json.mapper().readValue(Json.mapper().writeValueAsString(r), RunResult.class);
    assertEquals(r.system(), back.system());
    assertEquals(r.environment(), back.environment());
    List<String> direct = render(r);
    assertEquals(direct, render(back));
  }

  @Test
  void aMissingTemplateIsAnError(@TempDir Path empty) {
    IOException e = assertThrows(IOException.class, () -> Disclosure.write(RunFolder.of(runDir),
        DisclosureFixture.run(DisclosureFixture.system(), DisclosureFixture.pricing()), empty));
    assertTrue(e.getMessage().contains("full-disclosure-report.md.mustache"), e.getMessage());
  }
}

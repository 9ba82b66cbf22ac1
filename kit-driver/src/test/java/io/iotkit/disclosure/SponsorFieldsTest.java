package io.iotkit.disclosure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iotkit.model.SystemDescription;
import io.iotkit.sponsor.SponsorFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SponsorFieldsTest {
  @Test
  void theShippedExampleLeavesOnlyTheAuditor() throws Exception {
    SystemDescription d = SponsorFiles.system(Path.of("..", "workloads", "system.json"));
    // The example leaves only the auditor to fill (and the optional fields): it shows how a filled file looks.
    assertEquals(List.of("auditor"), SponsorFields.inDescription(d));
  }

  @Test
  void nestedFieldsAreNamedByTheirPathInDocumentOrder() {
    SystemDescription full = DisclosureFixture.system();
    SystemDescription.Node node = full.hardware().nodes().get(0);
    SystemDescription.Node partial = new SystemDescription.Node(node.role(), null, node.model(),
        new SystemDescription.Processors(" ", 2, 32, 2, "L2"), node.memory(), null,
        List.of(new SystemDescription.Disks(8, null, "3.84 TB")), node.storageControllers(), node.network());
    SystemDescription d = new SystemDescription(full.sponsor(), full.systemName(), null, full.auditor(),
        new SystemDescription.Hardware(full.hardware().diagram(), List.of(partial), "", null), full.software(),
        List.of(new SystemDescription.Tunable("kafka", "kafka.sasl.password", "")), full.dataLayout(),
        full.pricedConfigurationDifferences());
    // An empty secret is not asked for: its value never appears anyway.
    assertEquals(List.of("hardware.nodes[0].count", "hardware.nodes[0].processors.model",
        "hardware.nodes[0].disks[0].type", "hardware.network"), SponsorFields.inDescription(d));
  }

  @Test
  void aPricedConfigurationIsHeldToTheMeasuredOnesFieldsAndAnAbsentOneToNone() {
    SystemDescription full = DisclosureFixture.system();
    SystemDescription.Node node = full.pricedHardware().nodes().get(0);
    SystemDescription.Node noMemory = new SystemDescription.Node(node.role(), node.count(), node.model(),
        node.processors(), "", node.memoryPartitioning(), node.disks(), node.storageControllers(), node.network());
    SystemDescription d = new SystemDescription(full.sponsor(), full.systemName(), null, full.auditor(),
        full.hardware(), new SystemDescription.Hardware(null, List.of(noMemory), full.pricedHardware().network(),
        null), full.software(), full.tunables(), full.compilerOptions(), full.dataLayout(),
        full.pricedConfigurationDifferences());
    assertEquals(List.of("pricedHardware.diagram", "pricedHardware.nodes[0].memory"), SponsorFields.inDescription(d));
    assertEquals(List.of(), SponsorFields.inDescription(DisclosureFixture.systemPricedAsMeasured()));
  }

  @Test
  void withoutDescriptionOrPricingEveryPartIsMissingAndThePricingFileLast() {
    assertEquals(List.of("sponsor", "systemName", "auditor", "hardware", "software", "tunables", "dataLayout",
        "pricedConfigurationDifferences", SponsorFields.PRICING_FILE), SponsorFields.missing(null, null));
    assertEquals(List.of(), SponsorFields.missing(DisclosureFixture.system(), DisclosureFixture.pricing()));
  }
}

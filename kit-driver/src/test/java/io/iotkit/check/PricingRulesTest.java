package io.iotkit.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.Pricing;
import io.iotkit.model.SystemDescription;
import io.iotkit.sponsor.SponsorFiles;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each pricing rule passes a priced configuration that meets it and fails one that does not. */
class PricingRulesTest {
  private static final LocalDate REPORT = LocalDate.of(2026, 11, 27);
  private static final LocalDate AVAILABLE = LocalDate.of(2026, 6, 1);

  private static Pricing.LineItem server(int quantity) {
    return new Pricing.LineItem("SRV-1", "server", "list", 10_000.0, 25.0, null, quantity, null, "R650", AVAILABLE);
  }

  private static Pricing.LineItem support(int months) {
    return new Pricing.LineItem("SUP-3Y", "support", "quote", null, null, 3_000.0, 1, months, null, AVAILABLE);
  }

  private static Pricing pricing(Pricing.LineItem... items) {
    return new Pricing("s", "sys", "USD", List.of(items));
  }

  private static SystemDescription nodes(int count) {
    var node = new SystemDescription.Node("SUT", count, "R650", null, null, null, null, null, null);
    return new SystemDescription(null, null, null, null, new SystemDescription.Hardware(null, List.of(node), null,
        null), null, null, null, null);
  }

  @Test
  void aPricedConfigurationThatMeetsEveryRulePasses() {
    Pricing p = pricing(server(3), support(36));
    for (CheckResult c : PricingRules.checks(p, nodes(3), REPORT)) {
      assertTrue(c.passed(), c.line());
    }
    assertEquals(3 * 7_500 + 3_000, p.totalCost(), 1e-9, "list price less the discount, times the quantity");
  }

  @Test
  void aLineItemWithoutPartNumberOrSourceFails() {
    CheckResult c = PricingRules.lineItems(pricing(server(3), new Pricing.LineItem("cables", 10, 1, AVAILABLE)));
    assertFalse(c.passed());
    assertEquals("1 of 2 lack one: 'cables'", c.measured().text());
  }

  @Test
  void maintenanceShorterThanThreeYearsOrNoneFails() {
    CheckResult shortTerm = PricingRules.maintenance(pricing(server(3), support(12)));
    assertFalse(shortTerm.passed());
    assertEquals("12 months (the shortest of 1 maintenance item(s))", shortTerm.measured().text());
    assertFalse(PricingRules.maintenance(pricing(server(3))).passed());
  }

  @Test
  void aNodeNotPricedFails() {
    CheckResult c = PricingRules.nodesPriced(pricing(server(2), support(36)), nodes(3));
    assertFalse(c.passed());
    assertEquals("not priced: 1 x 'R650'", c.measured().text());
    CheckResult none = PricingRules.nodesPriced(pricing(server(3)), null);
    assertFalse(none.passed());
    assertTrue(none.measured().text().startsWith("could not tell"), none.line());
  }

  @Test
  void theNodesPricedAreThoseOfThePricedConfiguration() {
    // measured on 3 x R650, priced as 4 x R750: the R750s must be priced, the R650s need not be
    var measured = new SystemDescription.Hardware(null, List.of(
        new SystemDescription.Node("SUT", 3, "R650", null, null, null, null, null, null)), null, null);
    var priced = new SystemDescription.Hardware(null, List.of(
        new SystemDescription.Node("SUT", 4, "R750", null, null, null, null, null, null)), null, null);
    var d = new SystemDescription(null, null, null, null, measured, priced, null, null, null, null, null);
    Pricing.LineItem r750 = new Pricing.LineItem("SRV-2", "server", "list", 12_000.0, 25.0, null, 4, null, "R750",
        AVAILABLE);
    assertTrue(PricingRules.nodesPriced(pricing(r750, support(36)), d).passed());
    CheckResult measuredOnly = PricingRules.nodesPriced(pricing(server(3), support(36)), d);
    assertFalse(measuredOnly.passed());
    assertEquals("not priced: 4 x 'R750'", measuredOnly.measured().text());
  }

  @Test
  void availabilityLaterThan185DaysAfterTheReportFails() {
    assertTrue(PricingRules.availability(pricing(server(1)), AVAILABLE.minusDays(185)).passed());
    CheckResult late = PricingRules.availability(pricing(server(1)), AVAILABLE.minusDays(186));
    assertFalse(late.passed());
    assertEquals("2026-06-01, 186 days after the report date 2025-11-27", late.measured().text());
  }

  @Test
  void theExamplePricingFileMeetsEveryRuleWithTheExampleSystem() throws Exception {
    Path home = Path.of(System.getProperty("user.dir")).getParent();
    Pricing p = SponsorFiles.pricing(home.resolve("workloads/pricing.json"));
    SystemDescription d = SponsorFiles.system(home.resolve("workloads/system.json"));
    for (CheckResult c : PricingRules.checks(p, d, REPORT)) {
      assertTrue(c.passed(), c.line());
    }
    assertEquals(1_440, p.totalCost(), 1e-9);
  }
}

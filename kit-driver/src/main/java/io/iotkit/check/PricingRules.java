package io.iotkit.check;

import io.iotkit.model.CheckResult;
import io.iotkit.model.Figure;
import io.iotkit.model.Limit;
import io.iotkit.model.Pricing;
import io.iotkit.model.SystemDescription;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The pricing rules a priced configuration must meet (docs/PROTOCOL.md §5), each a named check: every line item
 * names its part number and the source of its price; three years of maintenance are priced; every node of the
 * system description's priced configuration is priced; the system is available within 185 days of the report date
 * (the availability rule of the TPC Pricing Specification, the TPC's common pricing rules, which TPCx-IoT prices by).
 */
public final class PricingRules {
  public static final int MAINTENANCE_MONTHS = 36;
  /** Days from the report date within which every priced item must be available: the TPC Pricing Specification's. */
  public static final int MAX_AVAILABILITY_DAYS = 185;

  private PricingRules() {
  }

  /**
   * @param system the sponsor's system description; null when the run had none
   * @param reportDate the report's date: the system description's, or the run's start date when it gives none
   */
  public static List<CheckResult> checks(Pricing pricing, SystemDescription system, LocalDate reportDate) {
    return List.of(lineItems(pricing), maintenance(pricing), nodesPriced(pricing, system),
        availability(pricing, reportDate));
  }

  /** The date the availability rule counts from: the system description's report date, or the run's start (UTC). */
  public static LocalDate reportDate(SystemDescription system, Instant runStarted) {
    return system != null && system.reportDate() != null ? system.reportDate()
        : runStarted.atZone(ZoneOffset.UTC).toLocalDate();
  }

  static CheckResult lineItems(Pricing p) {
    List<String> lacking = new ArrayList<>();
    for (Pricing.LineItem i : p.lineItems()) {
      if (blank(i.partNumber()) || blank(i.source())) {
        lacking.add("'" + i.description() + "'");
      }
    }
    String measured = lacking.isEmpty() ? "all " + p.lineItems().size() + " line items"
        : lacking.size() + " of " + p.lineItems().size() + " lack one: " + String.join(", ", lacking);
    return CheckResult.measure("pricing: part number and price source of each line item",
        Figure.of(lacking.size(), "line items", measured), Limit.exactly(0, "line items", "every line item"),
        "give each line item its partNumber and its source (list or quote) in the pricing file");
  }

  static CheckResult maintenance(Pricing p) {
    List<Pricing.LineItem> terms = p.lineItems().stream().filter(i -> i.maintenanceMonths() != null).toList();
    int shortest = terms.stream().mapToInt(Pricing.LineItem::maintenanceMonths).min().orElse(0);
    String measured = terms.isEmpty() ? "no maintenance priced"
        : shortest + " months (the shortest of " + terms.size() + " maintenance item(s))";
    return CheckResult.measure("pricing: 3 years of maintenance", Figure.of(shortest, "months", measured),
        Limit.atLeast(MAINTENANCE_MONTHS, "months", ">= " + MAINTENANCE_MONTHS + " months"),
        "price maintenance of the priced configuration for 3 years: a line item with maintenanceMonths >= 36");
  }

  /**
   * Every node of the priced configuration (the system description's pricedHardware, or its measured hardware when
   * it gives none) has line items.
   */
  static CheckResult nodesPriced(Pricing p, SystemDescription system) {
    String name = "pricing: every node of the system description priced";
    SystemDescription.Hardware configuration = system == null ? null : system.pricedConfiguration();
    if (configuration == null || configuration.nodes() == null || configuration.nodes().isEmpty()) {
      return CheckResult.of(name, "could not tell: the run has no system description naming its nodes",
          "every node", false, "give the system description (--system) with its nodes, and price each");
    }
    List<String> unpriced = new ArrayList<>();
    long missing = 0;
    for (SystemDescription.Node n : configuration.nodes()) {
      long count = n.count() == null ? 1 : n.count();
      long priced = p.lineItems().stream().filter(i -> Objects.equals(i.pricesNode(), n.model()))
          .mapToLong(Pricing.LineItem::quantity).sum();
      if (priced < count) {
        missing += count - priced;
        unpriced.add(count - priced + " x '" + n.model() + "'");
      }
    }
    String measured = unpriced.isEmpty() ? "every node priced" : "not priced: " + String.join(", ", unpriced);
    return CheckResult.measure(name, Figure.of(missing, "nodes", measured), Limit.exactly(0, "nodes", "every node"),
        "price each node of the system description: line items whose pricesNode is the node's model, as many as"
            + " its count");
  }

  static CheckResult availability(Pricing p, LocalDate reportDate) {
    LocalDate available = p.availabilityDate();
    long days = ChronoUnit.DAYS.between(reportDate, available);
    String measured = available + ", " + (days > 0 ? days + " days after" : -days + " days before")
        + " the report date " + reportDate;
    return CheckResult.measure("pricing: availability within " + MAX_AVAILABILITY_DAYS + " days of the report",
        Figure.of(days, "days", measured), Limit.atMost(MAX_AVAILABILITY_DAYS, "days", "<= " + MAX_AVAILABILITY_DAYS
            + " days after the report date"),
        "every priced item must be generally available within 185 days of the report date");
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}

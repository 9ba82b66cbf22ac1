package io.iotkit.model;

import java.time.LocalDate;
import java.util.List;

/**
 * The sponsor's pricing file: the priced configuration's line items over three years of ownership. Its fields, and
 * the schema it is checked against when a run reads it, are in docs/SPONSOR-FILES.md.
 *
 * @param currency ISO code the prices are in, e.g. USD
 */
public record Pricing(String sponsor, String system, String currency, List<LineItem> lineItems) {
  /**
   * One priced item (hardware, software licence, maintenance, ...), as the TPC's pricing rules list it.
   *
   * @param partNumber the vendor's part number; null where the sponsor has not given it (the pricing check fails)
   * @param source where the price comes from: "list" (the vendor's published list price) or "quote" (a quote the
   *     sponsor obtained); null where not given
   * @param listPrice the list price of one unit; null for an item priced by its net unit price alone
   * @param discountPercent the discount off the list price, 0 to 100; null for none
   * @param unitPrice price of one unit after any discount, in the file's currency; from the list price and the
   *     discount when the file gives those
   * @param maintenanceMonths for a maintenance or support item, the months it covers; null for other items
   * @param pricesNode the system description's node model this item prices (a node's hardware); null otherwise
   * @param availabilityDate when this item is generally available
   */
  public record LineItem(String partNumber, String description, String source, Double listPrice,
                         Double discountPercent, Double unitPrice, long quantity, Integer maintenanceMonths,
                         String pricesNode, LocalDate availabilityDate) {

    public LineItem {
      if (unitPrice == null && listPrice != null) {
        unitPrice = listPrice * (1 - (discountPercent == null ? 0 : discountPercent) / 100);
      }
    }

    /** An item given by its net unit price alone, without part number, source or maintenance term. */
    public LineItem(String description, double unitPrice, long quantity, LocalDate availabilityDate) {
      this(null, description, null, null, null, unitPrice, quantity, null, null, availabilityDate);
    }

    /** The item's price: quantity × net unit price. */
    public double extendedPrice() {
      return unitPrice * quantity;
    }
  }

  /** Total cost of ownership over three years: the sum of every line item. */
  public double totalCost() {
    return lineItems.stream().mapToDouble(LineItem::extendedPrice).sum();
  }

  /** The system availability date: when the last priced item becomes generally available. */
  public LocalDate availabilityDate() {
    return lineItems.stream().map(LineItem::availabilityDate).max(LocalDate::compareTo).orElseThrow();
  }

  /**
   * A pricing file that is missing, is not JSON, or breaks its schema: the message is what the user sees, one line
   * naming the file, then one line per bad field.
   */
  public static final class InvalidPricingException extends Exception {
    public InvalidPricingException(String message) {
      super(message);
    }
  }
}

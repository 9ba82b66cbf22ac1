package io.iotkit.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

/**
 * The sponsor's pricing file: the priced configuration's line items over three years of ownership.
 *
 * @param currency ISO code the prices are in, e.g. USD
 */
public record Pricing(String sponsor, String system, String currency, List<LineItem> lineItems) {
  /** Where a price may come from: the vendor's list price, or a quote the sponsor obtained. */
  public static final List<String> SOURCES = List.of("list", "quote");

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

  /** Reads and validates a pricing file; the exception's message is one line fit for the user. */
  public static Pricing load(Path file) throws InvalidPricingException {
    Pricing p;
    try {
      // No silent coercion: a missing price or a quantity of 1.5 is an error, not 0 or 1.
      p = Json.mapper().copy().enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .readValue(Files.readString(file), Pricing.class);
    } catch (NoSuchFileException e) {
      throw new InvalidPricingException(file, "no such file");
    } catch (JsonProcessingException e) {
      throw new InvalidPricingException(file, "not valid pricing JSON" + where(e) + " (" + e.getOriginalMessage() + ")");
    } catch (IOException e) {
      throw new InvalidPricingException(file, "cannot be read (" + e.getMessage() + ")");
    }
    if (p == null || p.lineItems() == null || p.lineItems().isEmpty()) {
      throw new InvalidPricingException(file, "has no lineItems");
    }
    if (p.currency() == null || p.currency().isBlank()) {
      throw new InvalidPricingException(file, "has no currency");
    }
    for (int i = 0; i < p.lineItems().size(); i++) {
      LineItem item = p.lineItems().get(i);
      String at = "lineItems[" + i + "]";
      if (item == null || item.description() == null || item.description().isBlank()) {
        throw new InvalidPricingException(file, at + ".description is missing");
      }
      at += " ('" + item.description() + "')";
      if (item.listPrice() != null && !(item.listPrice() >= 0 && Double.isFinite(item.listPrice()))) {
        throw new InvalidPricingException(file, at + ".listPrice is not a number >= 0");
      }
      if (item.discountPercent() != null && !(item.discountPercent() >= 0 && item.discountPercent() <= 100)) {
        throw new InvalidPricingException(file, at + ".discountPercent is not a number from 0 to 100");
      }
      if (item.unitPrice() == null || !(item.unitPrice() >= 0) || Double.isInfinite(item.unitPrice())) {
        throw new InvalidPricingException(file, at + ".unitPrice (or listPrice) is not a number >= 0");
      }
      if (item.listPrice() != null && Math.abs(item.unitPrice() - item.listPrice() * (1 - (item.discountPercent()
          == null ? 0 : item.discountPercent()) / 100)) >= 0.005) {
        throw new InvalidPricingException(file, at + ".unitPrice is not listPrice less discountPercent; give one"
            + " or make them agree");
      }
      if (item.source() != null && !SOURCES.contains(item.source())) {
        throw new InvalidPricingException(file, at + ".source is '" + item.source() + "'; it is one of " + SOURCES);
      }
      if (item.maintenanceMonths() != null && item.maintenanceMonths() < 1) {
        throw new InvalidPricingException(file, at + ".maintenanceMonths is not a whole number >= 1");
      }
      if (item.quantity() < 1) {
        throw new InvalidPricingException(file, at + ".quantity is not a whole number >= 1");
      }
      if (item.availabilityDate() == null) {
        throw new InvalidPricingException(file, at + ".availabilityDate is missing (YYYY-MM-DD)");
      }
    }
    return p;
  }

  /** Where in the file a mapping error is, e.g. " at lineItems[0].quantity". */
  private static String where(JsonProcessingException e) {
    if (!(e instanceof JsonMappingException m) || m.getPath().isEmpty()) {
      return "";
    }
    return " at " + Json.fieldPath(m);
  }

  /** A pricing file that is missing or malformed. */
  public static final class InvalidPricingException extends Exception {
    public InvalidPricingException(Path file, String what) {
      // One line whatever the parser said: the message is printed as the run's only error line.
      super(("pricing file " + file + " " + what + "; see workloads/pricing.json for the format")
          .replaceAll("\\s*[\\r\\n]+\\s*", " "));
    }
  }
}

package io.iotkit.sponsor;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import io.iotkit.model.Json;
import io.iotkit.model.Pricing;
import io.iotkit.model.SystemDescription;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Reads the sponsor's two files, the pricing file and the system description. Each is checked against its schema
 * ({@link SponsorSchema}) before it becomes a {@link Pricing} or a {@link SystemDescription}, and what is wrong is
 * said all at once: the exception's message is a line naming the file, then a line per bad field, e.g.
 * {@code workloads/pricing.json: lineItems[2].quantity: must be an integer >= 1, was -3}. Unknown fields are bad
 * too: a misspelt field would otherwise vanish, and show up as MISSING in the disclosure with no clue why.
 */
public final class SponsorFiles {
  /** Where a sponsor reads what each field holds. */
  public static final String DOCS = "docs/SPONSOR-FILES.md";
  /** A price and the list price less its discount may differ by rounding, never by a cent. */
  private static final double CENT = 0.005;
  // A second document after the first is a mistake, not something to ignore.
  private static final ObjectReader READER = Json.mapper().reader()
      .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private SponsorFiles() {
  }

  /** Reads a pricing file (--pricing, or workloads/pricing.json). */
  public static Pricing pricing(Path file) throws Pricing.InvalidPricingException {
    try {
      return read(file, "pricing file", SponsorSchema.PRICING, SponsorFiles::priceProblems, Pricing.class);
    } catch (BadFile e) {
      throw new Pricing.InvalidPricingException(e.getMessage());
    }
  }

  /** Reads a system description file (--system, or workloads/system.json). */
  public static SystemDescription system(Path file) throws SystemDescription.InvalidSystemDescriptionException {
    try {
      return read(file, "system description file", SponsorSchema.SYSTEM, doc -> List.of(),
          SystemDescription.class);
    } catch (BadFile e) {
      throw new SystemDescription.InvalidSystemDescriptionException(e.getMessage());
    }
  }

  /**
   * @param kind what the file is, as its lines name it
   * @param more what the file's schema cannot say, as lines of the same form ("path: what")
   */
  private static <T> T read(Path file, String kind, SponsorSchema schema, Function<JsonNode, List<String>> more,
                            Class<T> type) throws BadFile {
    JsonNode doc;
    try {
      doc = READER.readTree(Files.readString(file));
    } catch (NoSuchFileException e) {
      throw new BadFile(kind + " " + file + ": no such file (" + DOCS + " describes it)");
    } catch (JsonProcessingException e) {
      throw new BadFile(kind + " " + file + ": not JSON" + where(e) + " (" + oneLine(e.getOriginalMessage()) + "; "
          + DOCS + " describes it)");
    } catch (IOException e) {
      throw new BadFile(kind + " " + file + ": cannot be read (" + oneLine(e.getMessage()) + ")");
    }
    if (doc == null || doc.isMissingNode()) {
      throw new BadFile(kind + " " + file + ": empty (" + DOCS + " describes it)");
    }
    List<String> problems = new ArrayList<>(schema.problems(doc));
    problems.addAll(more.apply(doc));
    if (problems.isEmpty()) {
      try {
        // The schema has rejected what Jackson would coerce (a fraction as a count, a number as a text).
        return Json.mapper().treeToValue(doc, type);
      } catch (JsonProcessingException e) {
        // what the schema let through and the record cannot hold, such as a count past 2^31
        String at = e instanceof JsonMappingException m && !m.getPath().isEmpty() ? Json.fieldPath(m)
            : "the top level";
        problems.add(at + ": cannot be read (" + oneLine(e.getOriginalMessage()) + ")");
      }
    }
    StringBuilder message = new StringBuilder(kind + " " + file + " has " + problems.size() + " bad field"
        + (problems.size() == 1 ? "" : "s") + " (" + DOCS + " describes each):");
    problems.forEach(p -> message.append('\n').append(file).append(": ").append(p));
    throw new BadFile(message.toString());
  }

  /**
   * A line item's price, which its schema cannot check: an item without a list price gives its unit price, and one
   * that gives both gives them in agreement (the unit price is the list price less the discount, docs/PROTOCOL.md
   * §5). Prices the schema already finds bad are left to its lines.
   */
  static List<String> priceProblems(JsonNode doc) {
    List<String> problems = new ArrayList<>();
    JsonNode items = doc.path("lineItems");
    for (int i = 0; items.isArray() && i < items.size(); i++) {
      JsonNode item = items.get(i);
      if (!item.isObject()) {
        continue;
      }
      JsonNode list = item.path("listPrice");
      JsonNode unit = item.path("unitPrice");
      JsonNode discount = item.path("discountPercent");
      String at = "lineItems[" + i + "]";
      for (JsonNode price : List.of(list, unit)) {
        if (price.isNumber() && !Double.isFinite(price.asDouble())) { // 1e999: no price the schema's range sees
          problems.add(at + (price == list ? ".listPrice" : ".unitPrice") + ": must be a finite number >= 0, was "
              + price);
        }
      }
      if (absent(list) && absent(unit)) {
        problems.add(at + ".unitPrice: is missing; without a listPrice it must be a number >= 0");
      } else if (price(list) && price(unit) && (absent(discount) || discount.isNumber()
          && discount.asDouble() >= 0 && discount.asDouble() <= 100)) {
        double net = list.asDouble() * (1 - discount.asDouble(0) / 100);
        if (Math.abs(unit.asDouble() - net) >= CENT) {
          problems.add(at + ".unitPrice: must be listPrice less discountPercent, "
              + String.format(Locale.ROOT, "%.2f", net) + ", was " + unit + " (give one of them, or make them agree)");
        }
      }
    }
    return problems;
  }

  private static boolean absent(JsonNode n) {
    return n.isMissingNode() || n.isNull();
  }

  private static boolean price(JsonNode n) {
    return n.isNumber() && n.asDouble() >= 0 && Double.isFinite(n.asDouble());
  }

  /** Where a syntax error is: " at line 3, column 7". */
  private static String where(JsonProcessingException e) {
    JsonLocation l = e.getLocation();
    return l == null || l.getLineNr() < 1 ? "" : " at line " + l.getLineNr() + ", column " + l.getColumnNr();
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ");
  }

  /** A bad file's message, before it becomes the exception of the file's kind. */
  private static final class BadFile extends Exception {
    BadFile(String message) {
      super(message);
    }
  }
}

package io.iotkit.sponsor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Pricing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a pricing file: what loads, and the line each bad field gets. */
class PricingFileTest {
  private static final String SERVER =
      "{\"description\": \"server\", \"unitPrice\": 12500.25, \"quantity\": 4, \"availabilityDate\": \"2026-02-01\"}";
  private static final String SUPPORT =
      "{\"description\": \"3-year support\", \"unitPrice\": 9999, \"quantity\": 1, \"availabilityDate\": \"2026-04-30\"}";

  @TempDir
  Path dir;

  private Path file(String json) throws IOException {
    Path f = dir.resolve("pricing.json");
    Files.writeString(f, json);
    return f;
  }

  private static String pricing(String... items) {
    return "{\"sponsor\": \"ACME\", \"system\": \"Gateway 9000\", \"currency\": \"USD\", \"lineItems\": ["
        + String.join(", ", items) + "]}";
  }

  /** The file is rejected with a message whose lines after the first, naming the file, are {@code lines}. */
  private static void rejected(Path f, String... lines) {
    var e = assertThrows(Pricing.InvalidPricingException.class, () -> SponsorFiles.pricing(f));
    List<String> all = e.getMessage().lines().toList();
    assertEquals("pricing file " + f + " has " + lines.length + " bad field" + (lines.length == 1 ? "" : "s")
        + " (docs/SPONSOR-FILES.md describes each):", all.get(0));
    assertEquals(List.of(lines).stream().map(l -> f + ": " + l).toList(), all.subList(1, all.size()));
  }

  /** The file is rejected as a whole, with one line. */
  private static void unreadable(Path f, String expectedPart) {
    var e = assertThrows(Pricing.InvalidPricingException.class, () -> SponsorFiles.pricing(f));
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    assertTrue(e.getMessage().startsWith("pricing file " + f + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(expectedPart), e.getMessage());
  }

  @Test
  void loadsAValidFile() throws Exception {
    Pricing p = SponsorFiles.pricing(file(pricing(SERVER, SUPPORT)));
    assertEquals("ACME", p.sponsor());
    assertEquals("USD", p.currency());
    assertEquals(2, p.lineItems().size());
    assertEquals(4 * 12_500.25 + 9_999, p.totalCost(), 1e-9);
    assertEquals(LocalDate.of(2026, 4, 30), p.availabilityDate());
  }

  @Test
  void theShippedExampleLoads() throws Exception {
    Pricing p = SponsorFiles.pricing(Path.of("..", "workloads", "pricing.json"));
    assertEquals(3, p.lineItems().size());
    assertEquals(1_200, p.lineItems().get(0).unitPrice(), 1e-9);
  }

  @Test
  void aListPriceLessItsDiscountIsTheUnitPrice() throws Exception {
    Pricing p = SponsorFiles.pricing(file(pricing("{\"partNumber\": \"S-1\", \"description\": \"server\", \"source\":"
        + " \"list\", \"listPrice\": 10000, \"discountPercent\": 15, \"quantity\": 2, \"availabilityDate\":"
        + " \"2026-02-01\"}")));
    assertEquals(8_500, p.lineItems().get(0).unitPrice(), 1e-9);
    assertEquals(17_000, p.totalCost(), 1e-9);
  }

  @Test
  void aWholeNumberWrittenWithAFractionIsThatNumber() throws Exception {
    // JSON Schema's integer: 2.0 is 2; 1.5 is no count (below)
    assertEquals(2, SponsorFiles.pricing(file(pricing(SERVER.replace("\"quantity\": 4", "\"quantity\": 2.0"))))
        .lineItems().get(0).quantity());
  }

  @Test
  void aUnitPriceThatIsNotTheDiscountedListPrice() throws Exception {
    rejected(file(pricing(SERVER.replace("\"unitPrice\"", "\"listPrice\": 20000, \"discountPercent\": 10,"
        + " \"unitPrice\""))), "lineItems[0].unitPrice: must be listPrice less discountPercent, 18000.00, was"
        + " 12500.25 (give one of them, or make them agree)");
  }

  @Test
  void anItemWithoutAnyPrice() throws Exception {
    rejected(file(pricing(SUPPORT, SERVER.replace("\"unitPrice\": 12500.25, ", ""))),
        "lineItems[1].unitPrice: is missing; without a listPrice it must be a number >= 0");
  }

  @Test
  void anUnknownPriceSource() throws Exception {
    rejected(file(pricing(SERVER.replace("\"quantity\"", "\"source\": \"guess\", \"quantity\""))),
        "lineItems[0].source: must be one of \"list\", \"quote\" or null, was \"guess\"");
  }

  @Test
  void aMisspeltFieldIsNotIgnored() throws Exception {
    rejected(file(pricing(SERVER.replace("\"quantity\"", "\"partNumbr\": \"S-1\", \"quantity\""))),
        "lineItems[0].partNumbr: is not a field here; the fields here are partNumber, description, source,"
            + " listPrice, discountPercent, unitPrice, quantity, maintenanceMonths, pricesNode, availabilityDate");
    rejected(file(pricing(SERVER).replace("\"currency\"", "\"curency\": \"USD\", \"currency\"")),
        "curency: is not a field here; the fields here are sponsor, system, currency, lineItems");
  }

  @Test
  void missingFile() {
    unreadable(dir.resolve("nope.json"), "no such file (docs/SPONSOR-FILES.md describes it)");
  }

  @Test
  void invalidJson() throws Exception {
    unreadable(file("{\"sponsor\": "), "not JSON at line 1");
  }

  @Test
  void trailingContentIsNotIgnored() throws Exception {
    unreadable(file(pricing(SERVER) + " {}"), "not JSON");
  }

  @Test
  void emptyLineItems() throws Exception {
    rejected(file(pricing()), "lineItems: must be a non-empty array of objects, was an array");
  }

  @Test
  void noLineItemsAtAll() throws Exception {
    rejected(file("{\"sponsor\": \"ACME\", \"system\": \"S\", \"currency\": \"USD\"}"),
        "lineItems: is missing; it must be a non-empty array of objects");
  }

  @Test
  void negativePrice() throws Exception {
    rejected(file(pricing(SERVER.replace("12500.25", "-1"))),
        "lineItems[0].unitPrice: must be a number >= 0 or null, was -1");
  }

  @Test
  void zeroQuantity() throws Exception {
    rejected(file(pricing(SUPPORT, SERVER.replace("\"quantity\": 4", "\"quantity\": 0"))),
        "lineItems[1].quantity: must be an integer >= 1, was 0");
  }

  @Test
  void missingQuantity() throws Exception {
    rejected(file(pricing(SERVER.replace("\"quantity\": 4, ", ""))),
        "lineItems[0].quantity: is missing; it must be an integer >= 1");
  }

  // Jackson would truncate 1.5 to 1 and price the file lower than it says.
  @Test
  void fractionalQuantityIsRejected() throws Exception {
    rejected(file(pricing(SERVER.replace("\"quantity\": 4", "\"quantity\": 1.5"))),
        "lineItems[0].quantity: must be an integer >= 1, was 1.5");
  }

  @Test
  void aNumberWrittenAsTextIsRejected() throws Exception {
    rejected(file(pricing(SERVER.replace("12500.25", "\"12500.25\""))),
        "lineItems[0].unitPrice: must be a number >= 0 or null, was \"12500.25\"");
  }

  @Test
  void missingDate() throws Exception {
    rejected(file(pricing(SERVER, SUPPORT.replace(", \"availabilityDate\": \"2026-04-30\"", ""))),
        "lineItems[1].availabilityDate: is missing; it must be a date (YYYY-MM-DD)");
  }

  @Test
  void malformedDate() throws Exception {
    rejected(file(pricing(SERVER.replace("2026-02-01", "Feb 2026"))),
        "lineItems[0].availabilityDate: must be a date (YYYY-MM-DD), was \"Feb 2026\"");
    rejected(file(pricing(SERVER.replace("2026-02-01", "2026-02-30"))),
        "lineItems[0].availabilityDate: must be a date (YYYY-MM-DD), was \"2026-02-30\"");
  }

  @Test
  void missingCurrency() throws Exception {
    rejected(file(pricing(SERVER).replace("\"currency\": \"USD\", ", "")),
        "currency: is missing; it must be a non-blank string");
  }

  @Test
  void missingOrBlankDescription() throws Exception {
    rejected(file(pricing(SERVER.replace("\"description\": \"server\", ", ""))),
        "lineItems[0].description: is missing; it must be a non-blank string");
    rejected(file(pricing(SERVER.replace("\"server\"", "\" \""))),
        "lineItems[0].description: must be a non-blank string, was \" \"");
  }

  @Test
  void everyBadFieldIsSaidAtOnce() throws Exception {
    rejected(file("{\"currency\": \"USD\", \"lineItems\": [" + SERVER + ", "
            + SUPPORT.replace("\"quantity\": 1", "\"quantity\": -3, \"maintenanceMonth\": 36") + ", "
            + SERVER.replace("\"unitPrice\": 12500.25", "\"listPrice\": 100, \"unitPrice\": 90") + "],"
            + " \"sponsor\": 7}"),
        "sponsor: must be a string or null, was 7",
        "lineItems[1].quantity: must be an integer >= 1, was -3",
        "lineItems[1].maintenanceMonth: is not a field here; the fields here are partNumber, description, source,"
            + " listPrice, discountPercent, unitPrice, quantity, maintenanceMonths, pricesNode, availabilityDate",
        "lineItems[2].unitPrice: must be listPrice less discountPercent, 100.00, was 90 (give one of them, or make"
            + " them agree)");
  }
}

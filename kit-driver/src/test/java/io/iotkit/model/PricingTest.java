package io.iotkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PricingTest {
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

  private void rejected(Path f, String expectedPart) {
    Pricing.InvalidPricingException e = assertThrows(Pricing.InvalidPricingException.class, () -> Pricing.load(f));
    assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
    assertTrue(e.getMessage().contains(expectedPart), e.getMessage());
  }

  @Test
  void loadsAValidFile() throws Exception {
    Pricing p = Pricing.load(file(pricing(SERVER, SUPPORT)));
    assertEquals("ACME", p.sponsor());
    assertEquals("USD", p.currency());
    assertEquals(2, p.lineItems().size());
    assertEquals(4 * 12_500.25 + 9_999, p.totalCost(), 1e-9);
    assertEquals(LocalDate.of(2026, 4, 30), p.availabilityDate());
  }

  @Test
  void aListPriceLessItsDiscountIsTheUnitPrice() throws Exception {
    Pricing p = Pricing.load(file(pricing("{\"partNumber\": \"S-1\", \"description\": \"server\", \"source\":"
        + " \"list\", \"listPrice\": 10000, \"discountPercent\": 15, \"quantity\": 2, \"availabilityDate\":"
        + " \"2026-02-01\"}")));
    assertEquals(8_500, p.lineItems().get(0).unitPrice(), 1e-9);
    assertEquals(17_000, p.totalCost(), 1e-9);
  }

  @Test
  void aUnitPriceThatIsNotTheDiscountedListPrice() throws Exception {
    rejected(file(pricing(SERVER.replace("\"unitPrice\"", "\"listPrice\": 20000, \"discountPercent\": 10,"
        + " \"unitPrice\""))), "lineItems[0] ('server').unitPrice is not listPrice less discountPercent");
  }

  @Test
  void anUnknownPriceSource() throws Exception {
    rejected(file(pricing(SERVER.replace("\"quantity\"", "\"source\": \"guess\", \"quantity\""))),
        "lineItems[0] ('server').source is 'guess'; it is one of [list, quote]");
  }

  @Test
  void missingFile() {
    rejected(dir.resolve("nope.json"), "no such file");
  }

  @Test
  void invalidJson() throws Exception {
    rejected(file("{\"sponsor\": "), "not valid pricing JSON");
  }

  @Test
  void emptyLineItems() throws Exception {
    rejected(file(pricing()), "lineItems");
  }

  @Test
  void noLineItemsAtAll() throws Exception {
    rejected(file("{\"sponsor\": \"ACME\", \"system\": \"S\", \"currency\": \"USD\"}"), "lineItems");
  }

  @Test
  void negativePrice() throws Exception {
    rejected(file(pricing(SERVER.replace("12500.25", "-1"))), "lineItems[0] ('server').unitPrice (or listPrice) is not a number >= 0");
  }

  @Test
  void zeroQuantity() throws Exception {
    rejected(file(pricing(SUPPORT, SERVER.replace("\"quantity\": 4", "\"quantity\": 0"))),
        "lineItems[1] ('server').quantity is not a whole number >= 1");
  }

  @Test
  void missingQuantity() throws Exception {
    rejected(file(pricing(SERVER.replace("\"quantity\": 4, ", ""))), "not valid pricing JSON");
  }

  // Jackson would truncate 1.5 to 1 and price the file lower than it says.
  @Test
  void fractionalQuantityIsRejected() throws Exception {
    rejected(file(pricing(SERVER.replace("\"quantity\": 4", "\"quantity\": 1.5"))), "quantity");
  }

  @Test
  void missingDate() throws Exception {
    rejected(file(pricing(SERVER, SUPPORT.replace(", \"availabilityDate\": \"2026-04-30\"", ""))),
        ".availabilityDate is missing (YYYY-MM-DD)");
  }

  @Test
  void malformedDate() throws Exception {
    rejected(file(pricing(SERVER.replace("2026-02-01", "Feb 2026"))), "not valid pricing JSON");
  }

  @Test
  void missingCurrency() throws Exception {
    rejected(file(pricing(SERVER).replace("\"currency\": \"USD\", ", "")), "currency");
  }

  @Test
  void missingDescription() throws Exception {
    rejected(file(pricing(SERVER.replace("\"description\": \"server\", ", ""))),
        "lineItems[0].description is missing");
  }
}

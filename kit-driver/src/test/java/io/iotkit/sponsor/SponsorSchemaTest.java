package io.iotkit.sponsor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.iotkit.model.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sponsor files' schemas: the shipped files meet them, every field is described, and each kind of bad field
 * (missing, of the wrong type, out of range, unknown) gets its line.
 */
class SponsorSchemaTest {
  private static JsonNode shipped(String name) throws IOException {
    return Json.mapper().readTree(Path.of("..", "workloads", name).toFile());
  }

  @Test
  void theShippedFilesMeetTheirSchemas() throws IOException {
    assertEquals(List.of(), SponsorSchema.PRICING.problems(shipped("pricing.json")));
    assertEquals(List.of(), SponsorSchema.SYSTEM.problems(shipped("system.json")));
    assertEquals(List.of(), SponsorFiles.priceProblems(shipped("pricing.json")));
  }

  @Test
  void everyFieldIsDescribed() {
    for (SponsorSchema s : List.of(SponsorSchema.PRICING, SponsorSchema.SYSTEM)) {
      List<String> bare = s.fields().entrySet().stream().filter(f -> f.getValue().description() == null
          || f.getValue().description().isBlank()).map(Map.Entry::getKey).toList();
      assertEquals(List.of(), bare, "fields of " + s.name() + " without a description");
    }
  }

  @Test
  void fieldsAreNamedAsASponsorWritesThem() {
    Map<String, SponsorSchema.Field> system = SponsorSchema.SYSTEM.fields();
    // a definition used in several places is listed under each
    assertEquals("string or null", system.get("software.jvm.version").type());
    assertEquals("string or null", system.get("software.other[].name").type());
    assertEquals("array of objects or nulls, or null", system.get("software.other").type());
    SponsorSchema.Field quantity = SponsorSchema.PRICING.fields().get("lineItems[].quantity");
    assertEquals("integer >= 1", quantity.type());
    assertTrue(quantity.required());
    assertEquals("one of \"list\", \"quote\" or null", SponsorSchema.PRICING.fields().get("lineItems[].source").type());
  }

  @Test
  void eachKindOfBadFieldGetsItsLine() throws IOException {
    ObjectNode p = (ObjectNode) shipped("pricing.json");
    ArrayNode items = (ArrayNode) p.get("lineItems");
    ((ObjectNode) items.get(0)).remove("availabilityDate");          // missing, required
    ((ObjectNode) items.get(1)).put("maintenanceMonths", "36");       // wrong type
    ((ObjectNode) items.get(2)).put("quantity", -3);                  // out of range
    ((ObjectNode) items.get(2)).put("discountPercent", 120);          // out of range
    ((ObjectNode) items.get(2)).put("price", 10);                     // unknown
    assertEquals(List.of(
        "lineItems[0].availabilityDate: is missing; it must be a date (YYYY-MM-DD)",
        "lineItems[1].maintenanceMonths: must be an integer >= 1 or null, was \"36\"",
        "lineItems[2].discountPercent: must be a number from 0 to 100 or null, was 120",
        "lineItems[2].quantity: must be an integer >= 1, was -3",
        "lineItems[2].price: is not a field here; the fields here are partNumber, description, source, listPrice,"
            + " discountPercent, unitPrice, quantity, maintenanceMonths, pricesNode, availabilityDate"),
        SponsorSchema.PRICING.problems(p));
  }

  @Test
  void aLongTextIsCutInItsLine() throws IOException {
    ObjectNode s = (ObjectNode) shipped("system.json");
    ((ObjectNode) s.get("hardware")).put("diagram", 7);
    s.put("reportDate", "the first of March, two thousand and twenty-six");
    assertEquals(List.of("reportDate: must be a date (YYYY-MM-DD) or null, was \"the first of March, two thousand"
        + " and twe...\"", "hardware.diagram: must be a string or null, was 7"), SponsorSchema.SYSTEM.problems(s));
  }

  @Test
  void aKeywordTheKitCannotWordFailsRatherThanBeingMisdescribed() throws IOException {
    JsonNode choice = Json.mapper().readTree("{\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"integer\"}]}");
    assertThrows(IllegalStateException.class, () -> SchemaWords.expected(choice, n -> n));
  }
}

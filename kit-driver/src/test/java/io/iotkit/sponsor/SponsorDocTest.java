package io.iotkit.sponsor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/SPONSOR-FILES.md lists the fields of system.json and pricing.json as their schemas have them, no more and no
 * fewer: under the heading "The fields of system.json" (and of pricing.json), every field of the schema has one row,
 * every row names a field of the schema, and each row's type, whether it is required and its meaning are the
 * schema's, in the words a bad field's line uses. A field added, renamed, retyped or redescribed in a schema without
 * its row, or the other way round, fails.
 */
class SponsorDocTest {
  private static final String PAGE = "docs/SPONSOR-FILES.md";
  /** A row of a field table: path (one code span), type, unit, required, meaning. */
  private static final Pattern ROW =
      Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|([^|]*)\\|\\s*$");
  private static final String FIELDS_OF = "## The fields of ";

  /** One row of the page: the field's type, unit, whether required, meaning; as written. */
  private record Row(String type, String unit, String required, String meaning) {
  }

  @Test
  void systemJsonsTableIsItsSchema() throws IOException {
    assertTableIsSchema("system.json", SponsorSchema.SYSTEM);
  }

  @Test
  void pricingJsonsTableIsItsSchema() throws IOException {
    assertTableIsSchema("pricing.json", SponsorSchema.PRICING);
  }

  private static void assertTableIsSchema(String file, SponsorSchema schema) throws IOException {
    Map<String, SponsorSchema.Field> fields = schema.fields();
    List<String> paths = new ArrayList<>();
    Map<String, Row> rows = rows(file, paths);
    assertFalse(rows.isEmpty(), PAGE + " has no field table under '" + FIELDS_OF + file + "'");

    List<String> twice = new ArrayList<>(paths);
    rows.keySet().forEach(twice::remove);
    assertEquals(List.of(), twice, "fields of " + file + " that " + PAGE + " lists more than once");
    List<String> missing = new ArrayList<>(fields.keySet());
    missing.removeAll(rows.keySet());
    assertEquals(List.of(), missing, "fields of " + schema.name() + " that " + PAGE + " has no row for");
    List<String> unknown = new ArrayList<>(rows.keySet());
    unknown.removeAll(fields.keySet());
    assertEquals(List.of(), unknown, "rows of " + PAGE + " under " + file + " that name no field of " + schema.name());

    fields.forEach((path, f) -> {
      Row r = rows.get(path);
      assertEquals(f.type(), r.type(), PAGE + ": the type of " + file + "'s " + path);
      assertEquals(f.required() ? "yes" : "no", r.required(), PAGE + ": whether " + file + "'s " + path
          + " is required");
      assertEquals(f.description(), r.meaning(), PAGE + ": the meaning of " + file + "'s " + path
          + " is the schema's description");
      assertFalse(r.unit().isEmpty(), PAGE + ": " + file + "'s " + path + " has no unit ('—' for none)");
    });
  }

  /**
   * The field rows of the section "The fields of FILE" (up to the next section of the page's level), by path;
   * {@code paths} gets every row's path in order, repeats kept.
   */
  private static Map<String, Row> rows(String file, List<String> paths) throws IOException {
    Map<String, Row> rows = new LinkedHashMap<>();
    boolean inside = false;
    for (String line : Files.readAllLines(page())) {
      if (line.startsWith("## ")) {
        inside = line.startsWith(FIELDS_OF + file);
        continue;
      }
      Matcher m = inside ? ROW.matcher(line) : null;
      if (m != null && m.matches()) {
        paths.add(m.group(1));
        rows.putIfAbsent(m.group(1), new Row(m.group(2).strip(), m.group(3).strip(), m.group(4).strip(),
            m.group(5).strip()));
      }
    }
    return rows;
  }

  /** The page, from the checkout: the parent of this module's folder, where the tests run. */
  private static Path page() {
    Path file = Path.of("").toAbsolutePath().getParent().resolve(PAGE);
    assertTrue(Files.isRegularFile(file), "no " + file);
    return file;
  }
}

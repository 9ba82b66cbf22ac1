package io.iotkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/RESULT-JSON.md lists the fields of result.json as its schema has them, no more and no fewer: every
 * property path of result.schema.json (spelt as {@link SchemaPaths} spells it) has one row in the page's field
 * tables, and every row names a path of the schema. A field added to the schema without a row, a row left behind by
 * a field renamed or removed, and a field listed twice each fail.
 */
class ResultDocTest {
  private static final String PAGE = "docs/RESULT-JSON.md";
  /** A row of a field table: its first cell is one code span, the field's path. */
  private static final Pattern ROW = Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|");

  @Test
  void everyFieldOfTheSchemaHasARow() throws IOException {
    List<String> missing = new ArrayList<>(SchemaPaths.of(SchemaPaths.schema()).keySet());
    missing.removeAll(rows());
    assertEquals(List.of(), missing, "fields of result.schema.json that " + PAGE + " has no row for");
  }

  @Test
  void everyRowNamesAFieldOfTheSchema() throws IOException {
    List<String> unknown = new ArrayList<>(rows());
    unknown.removeAll(SchemaPaths.of(SchemaPaths.schema()).keySet());
    assertEquals(List.of(), unknown, "rows of " + PAGE + " that name no field of result.schema.json");
  }

  @Test
  void noFieldHasTwoRows() throws IOException {
    List<String> twice = new ArrayList<>(rows());
    new LinkedHashSet<>(twice).forEach(twice::remove);
    assertEquals(List.of(), twice, "fields " + PAGE + " lists more than once");
  }

  /** The path of every field row of the page, in its order, repeats kept. */
  private static List<String> rows() throws IOException {
    List<String> paths = new ArrayList<>();
    for (String line : Files.readAllLines(page())) {
      Matcher m = ROW.matcher(line);
      if (m.find()) {
        paths.add(m.group(1));
      }
    }
    return paths;
  }

  /** The page, from the checkout: the parent of this module's folder, where the tests run. */
  private static Path page() {
    Path file = Path.of("").toAbsolutePath().getParent().resolve(PAGE);
    assertTrue(Files.isRegularFile(file), "no " + file);
    return file;
  }
}

package io.iotkit.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.iotkit.model.Json;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields of result.schema.json as paths, spelt as docs/RESULT-JSON.md names them: {@code inputs.kvps} for a
 * property of a property, {@code []} for every element of an array ({@code iterations[].number}), {@code {}} for
 * every value of a map, an object whose keys vary ({@code queryReads{}.read}). An object definition the schema
 * refers to from more than one place is a type of its own, {@code <phase>}, whose fields are listed once
 * ({@code <phase>.name}) rather than under every place that refers to it: otherwise a phase's fields would be listed
 * twice and a latency summary's fourteen times.
 */
final class SchemaPaths {
  private static final String DEFS = "#/$defs/";
  /** Keywords that could hold fields and that {@link #walk} does not follow: meeting one fails, not skips. */
  private static final List<String> UNFOLLOWED = List.of("patternProperties", "prefixItems", "contains", "if", "then",
      "else", "not", "dependentSchemas", "unevaluatedProperties", "unevaluatedItems");

  private final JsonNode defs;
  private final Map<String, Integer> references = new HashMap<>();
  private final Map<String, JsonNode> paths = new LinkedHashMap<>();

  private SchemaPaths(JsonNode schema) {
    this.defs = schema.path("$defs");
    count(schema);
  }

  /** The schema the kit ships and writes beside every result.json. */
  static JsonNode schema() throws IOException {
    return Json.mapper().readTree(ResultWriter.schema());
  }

  /**
   * Every property of the schema by its path, each with its own schema node, in the schema's order: the fields
   * reached from the root, then each type's.
   */
  static Map<String, JsonNode> of(JsonNode schema) {
    SchemaPaths s = new SchemaPaths(schema);
    s.walk(schema, "");
    schema.path("$defs").fieldNames().forEachRemaining(name -> {
      if (s.isType(name)) {
        s.walk(s.defs.get(name), "<" + name + ">");
      }
    });
    return s.paths;
  }

  /** How often each definition is referred to, so that one referred to from several places becomes a type. */
  private void count(JsonNode node) {
    if (node.has("$ref")) {
      references.merge(node.get("$ref").asText(), 1, Integer::sum);
    }
    node.forEach(this::count);
  }

  private boolean isType(String def) {
    return defs.path(def).has("properties") && references.getOrDefault(DEFS + def, 0) > 1;
  }

  private void walk(JsonNode node, String path) {
    for (String keyword : UNFOLLOWED) {
      if (node.has(keyword)) {
        throw new IllegalStateException(path + " uses " + keyword + ", which SchemaPaths does not follow: teach it to");
      }
    }
    if (node.has("$ref")) {
      String ref = node.get("$ref").asText();
      if (!ref.startsWith(DEFS) || !defs.has(ref.substring(DEFS.length()))) {
        throw new IllegalStateException(path + " refers to " + ref + ", not to a definition of $defs");
      }
      String def = ref.substring(DEFS.length());
      if (!isType(def)) { // a type's fields are walked once, under its own name
        walk(defs.get(def), path);
      }
    }
    for (String choice : List.of("oneOf", "anyOf", "allOf")) {
      node.path(choice).forEach(branch -> walk(branch, path));
    }
    if (node.path("items").isObject()) {
      walk(node.get("items"), path + "[]");
    }
    if (node.path("additionalProperties").isObject()) {
      walk(node.get("additionalProperties"), path + "{}");
    }
    node.path("properties").fields().forEachRemaining(p -> {
      String field = path.isEmpty() ? p.getKey() : path + "." + p.getKey();
      paths.put(field, p.getValue());
      walk(p.getValue(), field);
    });
  }
}

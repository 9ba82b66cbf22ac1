package io.iotkit.sponsor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Words for what a schema asks of a value and for the value a file has: "integer >= 1 or null", "-3". The lines a
 * bad sponsor file gets and the field tables of docs/SPONSOR-FILES.md give a field's type in the same words. Only
 * what the sponsor schemas use is worded; anything else fails loudly rather than being described wrongly.
 */
final class SchemaWords {
  /** A string value longer than this is cut in a line: the line is there to find the field, not to quote it. */
  private static final int LONGEST_TEXT = 40;
  private static final Set<String> WORDED = Set.of("type", "enum", "minimum", "maximum", "format", "pattern",
      "minItems", "items", "properties", "required", "additionalProperties", "description", "$ref", "$schema", "$id",
      "title", "$defs");

  private SchemaWords() {
  }

  /**
   * What a value must be, without an article: "integer >= 1", "date (YYYY-MM-DD) or null", "non-empty array of
   * objects", "one of "list", "quote" or null".
   *
   * @param resolve follows a reference to a definition of the schema
   */
  static String expected(JsonNode schema, UnaryOperator<JsonNode> resolve) {
    JsonNode s = resolve.apply(schema);
    s.fieldNames().forEachRemaining(k -> {
      if (!WORDED.contains(k)) {
        throw new IllegalStateException("the kit has no words for the schema keyword " + k + " (in " + s + ")");
      }
    });
    if (s.has("enum")) {
      List<String> values = new ArrayList<>();
      s.get("enum").forEach(v -> values.add(v.toString())); // as JSON: "list", null
      return "one of " + String.join(", ", values.subList(0, values.size() - 1)) + " or "
          + values.get(values.size() - 1);
    }
    List<String> types = new ArrayList<>();
    s.path("type").forEach(t -> types.add(t.asText()));
    if (s.path("type").isTextual()) {
      types.add(s.get("type").asText());
    }
    boolean nullable = types.remove("null");
    if (types.size() != 1) {
      throw new IllegalStateException("the kit words a value of one JSON type, or null, not " + types);
    }
    String type = types.get(0);
    String base = switch (type) {
      case "string" -> string(s);
      case "integer", "number" -> type + range(s);
      case "object", "boolean" -> type;
      case "array" -> (s.path("minItems").asInt(0) > 0 ? "non-empty array" : "array")
          + (s.has("items") ? " of " + plural(expected(s.get("items"), resolve)) : "");
      default -> throw new IllegalStateException("the kit has no words for the type " + type);
    };
    return !nullable ? base : base + (base.contains(" or ") ? ", or null" : " or null");
  }

  /** A phrase with its article: "an integer >= 1", "a date (YYYY-MM-DD)", "one of ..." as it is. */
  static String a(String phrase) {
    if (phrase.startsWith("one of ")) {
      return phrase;
    }
    return ("aeiou".indexOf(phrase.charAt(0)) >= 0 ? "an " : "a ") + phrase;
  }

  /** A value as a line shows it: JSON for a scalar (a long string cut), "an object" or "an array" otherwise. */
  static String value(JsonNode v) {
    if (v == null || v.isMissingNode() || v.isNull()) {
      return "null";
    }
    if (v.isObject()) {
      return "an object";
    }
    if (v.isArray()) {
      return "an array";
    }
    if (v.isTextual() && v.asText().length() > LONGEST_TEXT) {
      return new TextNode(v.asText().substring(0, LONGEST_TEXT) + "...").toString();
    }
    return v.toString();
  }

  private static String string(JsonNode s) {
    if (s.has("format")) {
      if (!s.get("format").asText().equals("date") || s.has("pattern")) {
        throw new IllegalStateException("the kit words the format date alone, not " + s);
      }
      return "date (YYYY-MM-DD)";
    }
    if (s.has("pattern")) {
      // the one pattern the schemas use: some character that is not white space
      if (!s.get("pattern").asText().equals("\\S")) {
        throw new IllegalStateException("the kit has no words for the pattern " + s.get("pattern"));
      }
      return "non-blank string";
    }
    return "string";
  }

  private static String range(JsonNode s) {
    boolean min = s.has("minimum");
    boolean max = s.has("maximum");
    if (min && max) {
      return " from " + s.get("minimum").asText() + " to " + s.get("maximum").asText();
    }
    return min ? " >= " + s.get("minimum").asText() : max ? " <= " + s.get("maximum").asText() : "";
  }

  /** "object or null" as the elements of an array: "objects or nulls". */
  private static String plural(String phrase) {
    return phrase.replaceAll("\\b(object|string|integer|number|boolean|null|date|array)\\b", "$1s");
  }
}

package io.iotkit.sponsor;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.iotkit.model.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON schema of one of the sponsor's files, as the kit ships it beside result.schema.json, and what it finds
 * wrong in a document: one line per bad field, "path: what is wrong", worded from the field's schema (what it must
 * be) and the value the file has, so a sponsor reads which field to fix and how without reading the schema.
 */
public final class SponsorSchema {
  /** pricing.json's schema. */
  public static final SponsorSchema PRICING = load("pricing.schema.json");
  /** system.json's schema. */
  public static final SponsorSchema SYSTEM = load("system.schema.json");

  private static final String DEFS = "#/$defs/";

  private final String name;
  private final JsonNode root;
  private final JsonSchema validator;

  private SponsorSchema(String name, JsonNode root) {
    this.name = name;
    this.root = root;
    // Dates are checked as dates: draft 2020-12 leaves "format" unasserted unless asked.
    this.validator = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
        .getSchema(root, SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build());
  }

  private static SponsorSchema load(String name) {
    try (InputStream in = SponsorSchema.class.getResourceAsStream("/io/iotkit/model/" + name)) {
      if (in == null) {
        throw new IllegalStateException("the kit's jar lacks " + name);
      }
      return new SponsorSchema(name, Json.mapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The schema's file name, e.g. pricing.schema.json. */
  public String name() {
    return name;
  }

  /** The schema itself. */
  public JsonNode root() {
    return root;
  }

  /**
   * What is wrong with a document, one line per bad field in the order the schema met them, each "path: what",
   * e.g. "lineItems[2].quantity: must be an integer >= 1, was -3"; empty when the document is valid.
   */
  public List<String> problems(JsonNode document) {
    Map<String, String> byField = new LinkedHashMap<>();
    for (ValidationMessage m : validator.validate(document)) {
      JsonNodePath at = m.getInstanceLocation();
      switch (m.getType()) {
        case "required" -> {
          JsonNodePath field = at.append(m.getProperty());
          byField.putIfAbsent(path(field), "is missing; it must be " + SchemaWords.a(expected(schemaAt(field))));
        }
        case "additionalProperties" -> byField.putIfAbsent(path(at.append(m.getProperty())),
            "is not a field here; the fields here are " + String.join(", ", fieldNames(schemaAt(at))));
        // type, range, enumeration, format, pattern, size: whichever failed, the line says all the field must be
        default -> byField.putIfAbsent(path(at), "must be " + SchemaWords.a(expected(schemaAt(at))) + ", was "
            + SchemaWords.value(m.getInstanceNode()));
      }
    }
    List<String> lines = new ArrayList<>();
    byField.forEach((field, what) -> lines.add(field + ": " + what));
    return lines;
  }

  /**
   * Every field of the schema by its path, in the schema's order: {@code lineItems[].quantity} for the field
   * {@code quantity} of every element of {@code lineItems}. A definition referred to from several places is listed
   * under each ({@code software.jvm.name}), as a sponsor writes it.
   */
  public Map<String, Field> fields() {
    Map<String, Field> all = new LinkedHashMap<>();
    walk(root, "", all);
    return all;
  }

  /**
   * One field of the schema.
   *
   * @param type what its value must be, as a bad field's line says it: "integer >= 1 or null"
   * @param description what the field is: its own description, else its definition's
   * @param required whether the object holding it must have it
   */
  public record Field(String type, String description, boolean required) {
  }

  private void walk(JsonNode node, String path, Map<String, Field> into) {
    JsonNode s = resolve(node);
    if (s.path("items").isObject()) {
      walk(s.get("items"), path + "[]", into);
    }
    List<String> required = new ArrayList<>();
    s.path("required").forEach(r -> required.add(r.asText()));
    s.path("properties").fields().forEachRemaining(p -> {
      String field = path.isEmpty() ? p.getKey() : path + "." + p.getKey();
      JsonNode own = p.getValue();
      String description = own.has("description") ? own.get("description").asText()
          : resolve(own).path("description").asText(null);
      into.put(field, new Field(expected(own), description, required.contains(p.getKey())));
      walk(own, field, into);
    });
  }

  /** The schema of the value at a place in a document, reached from the top through properties and items. */
  private JsonNode schemaAt(JsonNodePath at) {
    JsonNode s = resolve(root);
    for (int i = 0; i < at.getNameCount(); i++) {
      Object step = at.getElement(i);
      s = resolve(step instanceof Integer ? s.path("items") : s.path("properties").path(step.toString()));
    }
    return s;
  }

  /** What a value of this schema must be, in {@link SchemaWords}'s words. */
  private String expected(JsonNode schema) {
    return SchemaWords.expected(schema, this::resolve);
  }

  /** A definition a node refers to ({@code "$ref": "#/$defs/product"}), or the node itself. */
  private JsonNode resolve(JsonNode node) {
    if (!node.has("$ref")) {
      return node;
    }
    String ref = node.get("$ref").asText();
    JsonNode def = root.path("$defs").path(ref.startsWith(DEFS) ? ref.substring(DEFS.length()) : "");
    if (!ref.startsWith(DEFS) || def.isMissingNode()) {
      throw new IllegalStateException(name + " refers to " + ref + ", not to a definition of its $defs");
    }
    return resolve(def);
  }

  private static List<String> fieldNames(JsonNode objectSchema) {
    List<String> names = new ArrayList<>();
    objectSchema.path("properties").fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** A place in a document as the kit names it: "lineItems[2].quantity", or "the top level". */
  static String path(JsonNodePath at) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < at.getNameCount(); i++) {
      Object step = at.getElement(i);
      if (step instanceof Integer index) {
        sb.append('[').append(index).append(']');
      } else {
        sb.append(sb.length() > 0 ? "." : "").append(step);
      }
    }
    return sb.length() == 0 ? "the top level" : sb.toString();
  }
}

package io.iotkit.binding.influxdb;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON answer of /query: one {@link Statement} per statement sent, in order, each with its error or its
 * series ({@code {"results":[{"statement_id":0,"series":[{"name":..,"tags":{..},"columns":[..],"values":[[..]]}]}]}}).
 */
final class QueryResults {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<Statement> statements;

  private QueryResults(List<Statement> statements) {
    this.statements = statements;
  }

  /**
   * @throws IllegalArgumentException when the text is not /query's JSON, or the whole request failed ("error" at
   *     the top)
   */
  static QueryResults parse(String body) {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not the JSON of /query: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("not the JSON of /query");
    }
    if (root.hasNonNull("error")) {
      throw new IllegalArgumentException(root.get("error").asText());
    }
    List<Statement> list = new ArrayList<>();
    for (JsonNode r : root.path("results")) {
      List<Series> series = new ArrayList<>();
      for (JsonNode s : r.path("series")) {
        series.add(Series.of(s));
      }
      list.add(new Statement(r.hasNonNull("error") ? Optional.of(r.get("error").asText()) : Optional.empty(),
          series));
    }
    return new QueryResults(list);
  }

  List<Statement> statements() {
    return statements;
  }

  /** Statement {@code i}, which must be there. */
  Statement statement(int i) {
    if (i >= statements.size()) {
      throw new IllegalArgumentException("the answer holds " + statements.size() + " statement(s), not " + (i + 1));
    }
    return statements.get(i);
  }

  /** One statement's answer: its error, or its series (none when nothing matched). */
  record Statement(Optional<String> error, List<Series> series) {
    /** The series, or the statement's error as an exception. */
    List<Series> seriesOrThrow() {
      if (error.isPresent()) {
        throw new IllegalStateException(error.get());
      }
      return series;
    }

    /**
     * The number in {@code column} of the first row of the first series; {@code none} when there is no row (an
     * InfluxQL aggregate over no points returns no series at all).
     */
    Optional<Double> number(String column) {
      List<Series> s = seriesOrThrow();
      if (s.isEmpty() || s.get(0).rows().isEmpty()) {
        return Optional.empty();
      }
      JsonNode v = s.get(0).value(0, column);
      if (v == null || v.isNull()) {
        return Optional.empty();
      }
      if (!v.isNumber()) {
        throw new IllegalStateException("column " + column + " holds " + v + ", not a number");
      }
      return Optional.of(v.asDouble());
    }
  }

  /** One series of an answer. */
  record Series(String name, Map<String, String> tags, List<String> columns, List<List<JsonNode>> rows) {
    static Series of(JsonNode s) {
      Map<String, String> tags = new LinkedHashMap<>();
      s.path("tags").fields().forEachRemaining(e -> tags.put(e.getKey(), e.getValue().asText()));
      List<String> columns = new ArrayList<>();
      s.path("columns").forEach(c -> columns.add(c.asText()));
      List<List<JsonNode>> rows = new ArrayList<>();
      for (JsonNode row : s.path("values")) {
        List<JsonNode> cells = new ArrayList<>();
        row.forEach(cells::add);
        rows.add(cells);
      }
      return new Series(s.path("name").asText(""), tags, columns, rows);
    }

    /** The cell of {@code column} in row {@code row}, or null if the series has no such column. */
    JsonNode value(int row, String column) {
      int c = columns.indexOf(column);
      return c < 0 || c >= rows.get(row).size() ? null : rows.get(row).get(c);
    }

    /** Each row as column name to cell text. */
    List<Map<String, String>> rowMaps() {
      List<Map<String, String>> maps = new ArrayList<>();
      for (List<JsonNode> row : rows) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int c = 0; c < columns.size() && c < row.size(); c++) {
          m.put(columns.get(c), row.get(c).isNull() ? "" : row.get(c).asText());
        }
        maps.add(m);
      }
      return maps;
    }
  }
}

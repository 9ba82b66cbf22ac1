package io.iotkit.study;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.iotkit.model.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The weights a study's points are scored by, as a weights file gives them: a JSON object with {@code weights},
 * a figure's name (see {@link ScoredFigure}) to its weight, and optionally {@code source}, where the weights come
 * from. study.json keeps them, so the study's table and page rank its points by them.
 *
 * @param source where the weights come from, said beside the score; may be null
 * @param weights each weighed figure's name and its weight, above 0
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScoreWeights(String source, Map<String, Double> weights) {

  public ScoreWeights {
    weights = weights == null ? Map.of() : new LinkedHashMap<>(weights);
  }

  /** The weights of {@code file}; a file that is missing, not JSON or weighs no known figure is bad input. */
  public static ScoreWeights read(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("weights file " + file + " does not exist");
    }
    ScoreWeights w;
    try {
      w = Json.read(file, ScoreWeights.class);
    } catch (IOException e) {
      throw new IllegalArgumentException("weights file " + file + " is not a JSON object of the form {\"weights\":"
          + " {\"sutCpu\": 3, ...}, \"source\": \"...\"}: " + firstLine(e.getMessage()));
    }
    return w.validated(file.toString());
  }

  /** These weights, checked: at least one, each of a known figure and above 0. */
  ScoreWeights validated(String where) {
    if (weights.isEmpty()) {
      throw new IllegalArgumentException(where + " weighs nothing: give \"weights\": {\"<figure>\": <weight>, ...}"
          + " with figures among " + ScoredFigure.keys());
    }
    weights.forEach((k, v) -> {
      if (ScoredFigure.byKey(k).isEmpty()) {
        throw new IllegalArgumentException(where + " weighs '" + k + "', which is no figure of a study; the figures"
            + " are " + ScoredFigure.keys());
      }
      if (v == null || !(v > 0) || v.isInfinite()) {
        throw new IllegalArgumentException(where + " gives '" + k + "' the weight " + v + "; a weight is a number"
            + " above 0 (leave a figure out to not weigh it)");
      }
    });
    return this;
  }

  /** The weights by figure, in the file's order. */
  Map<ScoredFigure, Double> byFigure() {
    Map<ScoredFigure, Double> m = new LinkedHashMap<>();
    weights.forEach((k, v) -> m.put(ScoredFigure.byKey(k).orElseThrow(), v));
    return m;
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.lines().findFirst().orElse("");
  }
}

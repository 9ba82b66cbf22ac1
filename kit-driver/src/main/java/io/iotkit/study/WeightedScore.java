package io.iotkit.study;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A study's points ranked by a weighted score over their figures, after Arnst et al.'s scored ranking of MariaDB,
 * MongoDB and InfluxDB (seed 001, Table III): each figure normalised to its largest value over the points, the
 * normalised figures weighted and summed, divided by the sum of the weights, and subtracted from 1:
 * {@code Score = [1 - sum_i(L_i / max(L_i) * w_i) / sum_i(w_i)] * 100 %}. The best possible score is 100 %; a point
 * using the most of every figure scores 0 %. A benefit (IoTps) enters by its inverse, the time per reading, so the
 * fastest point has the smallest term. A point whose run did not measure a weighed figure has no score: the
 * figure's absence is not its best value.
 *
 * @param weights the weights scored by
 * @param points one per row of the table, in its order
 */
public record WeightedScore(ScoreWeights weights, List<Point> points) {

  /**
   * One point's terms, score and rank.
   *
   * @param value the swept value
   * @param normalised each weighed figure's L / max(L) (for IoTps: min(IoTps) / IoTps), in the weights' order
   * @param score the score in percent; null when a weighed figure was not measured
   * @param rank 1 for the best score, equal scores sharing a rank; null without a score
   * @param missing the weighed figures the run did not measure, or empty
   */
  public record Point(String value, Map<ScoredFigure, Double> normalised, Double score, Integer rank,
                      List<ScoredFigure> missing) {
  }

  /** The score of each row by {@code weights}. */
  public static WeightedScore of(List<StudyRow> rows, ScoreWeights weights) {
    Map<ScoredFigure, Double> w = weights.byFigure();
    Map<ScoredFigure, Double> largest = new LinkedHashMap<>();
    for (ScoredFigure f : w.keySet()) {
      largest.put(f, rows.stream().map(r -> term(f, f.of(r))).filter(v -> v != null)
          .max(Comparator.naturalOrder()).orElse(null));
    }
    double sumOfWeights = w.values().stream().mapToDouble(Double::doubleValue).sum();
    List<Point> scored = new ArrayList<>();
    for (StudyRow r : rows) {
      Map<ScoredFigure, Double> normalised = new LinkedHashMap<>();
      List<ScoredFigure> missing = new ArrayList<>();
      double weighted = 0;
      for (Map.Entry<ScoredFigure, Double> e : w.entrySet()) {
        Double t = term(e.getKey(), e.getKey().of(r));
        if (t == null) {
          missing.add(e.getKey());
          continue;
        }
        Double max = largest.get(e.getKey());
        double n = max == null || max <= 0 ? 0 : t / max; // every point at 0: none uses any, all equal
        normalised.put(e.getKey(), n);
        weighted += n * e.getValue();
      }
      Double score = missing.isEmpty() ? (1 - weighted / sumOfWeights) * 100 : null;
      scored.add(new Point(r.value(), normalised, score, null, missing));
    }
    return new WeightedScore(weights, ranked(scored));
  }

  /** A cost's value, or a benefit's inverse; null where not measured (a benefit of 0 is no time per reading). */
  private static Double term(ScoredFigure f, Double value) {
    if (value == null) {
      return null;
    }
    if (f.cost()) {
      return value;
    }
    return value > 0 ? 1 / value : null;
  }

  /** Ranks 1, 2, ... by score, highest first; equal scores (to 0.05 %, as shown) share the better rank. */
  private static List<Point> ranked(List<Point> points) {
    List<Double> scores = points.stream().map(Point::score).filter(s -> s != null)
        .sorted(Comparator.reverseOrder()).toList();
    List<Point> out = new ArrayList<>();
    for (Point p : points) {
      Integer rank = null;
      if (p.score() != null) {
        long better = scores.stream().filter(s -> Math.round(s * 10) > Math.round(p.score() * 10)).count();
        rank = (int) better + 1;
      }
      out.add(new Point(p.value(), p.normalised(), p.score(), rank, p.missing()));
    }
    return out;
  }
}

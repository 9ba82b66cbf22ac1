package io.iotkit.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.PhaseSeries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scored ranking of seed 001 (Arnst et al.), from its own Table IV, and what a weights file may say. */
class WeightedScoreTest {

  /** Table III's weights without the subjective difficulty, which is no figure of a run. */
  private static final ScoreWeights TABLE_III = new ScoreWeights("Arnst et al., Table III", weights(
      "sutCpu", 3, "sutMemory", 1, "sutDiskWrites", 2, "instancesCpu", 3, "instancesMemory", 1, "sutNetwork", 2,
      "sutFolderGrowth", 1));

  private static Map<String, Double> weights(Object... pairs) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put((String) pairs[i], ((Number) pairs[i + 1]).doubleValue());
    }
    return m;
  }

  /** A row with the seed's server CPU %, memory kB, IO kB/s, client CPU %, memory kB, net kbit/s, disk MB. */
  private static StudyRow row(String name, double cpuS, double memS, double ioS, double cpuC, double memC,
                              double net, Double disk) {
    PointResources r = new PointResources(cpuS, memS, ioS, net, disk, null, cpuC, memC, null);
    return new StudyRow(name, PointState.Status.DONE, null, 1, 1L, null, 1.0, 1_000.0, 5.0, null, null, null, null,
        null, Map.of(), Map.of(), LatencyPercentiles.NONE, null, LatencyPercentiles.NONE, 0, null, r, null,
        PhaseSeries.empty());
  }

  private static List<StudyRow> tableIv() {
    return List.of(row("MariaDB individual", 5, 170_835, 1_840, 9.4, 2_096, 715, 88.0),
        row("MariaDB bulk", 1, 160_834, 417, 6.5, 2_232, 395, 32.0),
        row("MongoDB individual", 1, 257_166, 71, 13.9, 3_561, 710, 58.0),
        row("MongoDB bulk", 1, 137_701, 56, 8.9, 3_607, 617, 15.0),
        row("InfluxDB", 5, 147_444, 37, 11.7, 284, 785, 5.0));
  }

  @Test
  void theSeedsWriteFiguresScoreByItsFormula() {
    WeightedScore s = WeightedScore.of(tableIv(), TABLE_III);
    // by hand from Table IV: [1 - sum(L/max x w) / 13] x 100; e.g. MariaDB bulk: 1 - (1/5 x 3 + 160,834/257,166
    // + 417/1,840 x 2 + 6.5/13.9 x 3 + 2,232/3,607 + 395/785 x 2 + 32/88) / 13 = 61.0 %
    double[] expected = {14.6, 61.0, 37.4, 54.9, 36.4};
    int[] ranks = {5, 1, 3, 2, 4};
    for (int i = 0; i < expected.length; i++) {
      WeightedScore.Point p = s.points().get(i);
      assertEquals(expected[i], p.score(), 0.05, p.value());
      assertEquals(ranks[i], p.rank(), p.value());
    }
    assertEquals(1.0, s.points().get(0).normalised().get(ScoredFigure.SUT_DISK_WRITES), 1e-9, "the largest is 1");
  }

  @Test
  void aPointMissingAWeighedFigureIsNotScoredAndEqualScoresShareARank() {
    List<StudyRow> rows = List.of(row("a", 1, 1, 1, 1, 1, 1, 1.0), row("b", 1, 1, 1, 1, 1, 1, 1.0),
        row("c", 2, 2, 2, 2, 2, 2, null));
    WeightedScore s = WeightedScore.of(rows, TABLE_III);
    assertEquals(1, s.points().get(0).rank());
    assertEquals(1, s.points().get(1).rank(), "the same score, the same rank");
    assertNull(s.points().get(2).score(), "its folder was not measured: no score, rather than a best one");
    assertEquals(List.of(ScoredFigure.SUT_FOLDER_GROWTH), s.points().get(2).missing());
  }

  @Test
  void iotpsWeighsByTheTimePerReadingSoTheFastestScoresBest() {
    StudyRow slow = row("slow", 1, 1, 1, 1, 1, 1, 1.0);
    StudyRow fast = new StudyRow("fast", slow.status(), null, 1, 1L, null, 1.0, 4_000.0, 20.0, null, null, null,
        null, null, Map.of(), Map.of(), LatencyPercentiles.NONE, null, LatencyPercentiles.NONE, 0, null,
        slow.resources(), null, PhaseSeries.empty());
    WeightedScore s = WeightedScore.of(List.of(slow, fast), new ScoreWeights(null, weights("iotps", 1)));
    assertEquals(0.0, s.points().get(0).score(), 1e-9, "the slowest: min / IoTps = 1");
    assertEquals(75.0, s.points().get(1).score(), 1e-9, "1,000 / 4,000 = 0.25");
    assertEquals(1, s.points().get(1).rank());
  }

  @Test
  void aWeightsFileIsReadAndItsMistakesAreNamed(@TempDir Path dir) throws Exception {
    Path good = Files.writeString(dir.resolve("w.json"), "{\"source\": \"mine\", \"weights\": {\"sutCpu\": 3,"
        + " \"ingestP99\": 0.5}}");
    ScoreWeights w = ScoreWeights.read(good);
    assertEquals(Map.of(ScoredFigure.SUT_CPU, 3.0, ScoredFigure.INGEST_P99, 0.5), w.byFigure());
    assertEquals("mine", w.source());
    String unknown = assertThrows(IllegalArgumentException.class, () -> ScoreWeights.read(Files.writeString(
        dir.resolve("u.json"), "{\"weights\": {\"cpu\": 3}}"))).getMessage();
    assertTrue(unknown.contains("'cpu', which is no figure") && unknown.contains("sutCpu"), unknown);
    String zero = assertThrows(IllegalArgumentException.class, () -> ScoreWeights.read(Files.writeString(
        dir.resolve("z.json"), "{\"weights\": {\"sutCpu\": 0}}"))).getMessage();
    assertTrue(zero.contains("above 0"), zero);
    String none = assertThrows(IllegalArgumentException.class, () -> ScoreWeights.read(Files.writeString(
        dir.resolve("n.json"), "{\"source\": \"x\"}"))).getMessage();
    assertTrue(none.contains("weighs nothing"), none);
    String notJson = assertThrows(IllegalArgumentException.class, () -> ScoreWeights.read(Files.writeString(
        dir.resolve("j.json"), "sutCpu=3"))).getMessage();
    assertTrue(notJson.contains("is not a JSON object"), notJson);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> ScoreWeights.read(dir.resolve("none.json")))
        .getMessage().contains("does not exist"));
  }

  @Test
  void theTableShowsTheScoreAndStudyJsonKeepsTheWeights(@TempDir Path dir) throws Exception {
    StudyTable t = new StudyTable("s", StudyTableTest.pSweep("1", "2"), tableIv(), TABLE_III);
    String text = StudyText.text(t);
    assertTrue(text.contains("Weighted score"), text);
    assertTrue(text.contains("SUT CPU s/s / max (w 3)"), text);
    assertTrue(text.contains("Weights: Arnst et al., Table III."), text);
    assertTrue(text.lines().anyMatch(l -> l.startsWith("  MariaDB bulk") && l.contains("61%")), text);

    Study study = Study.openOrCreate(dir, t.spec(), "test");
    assertNull(Study.read(dir).weights());
    study.weigh(TABLE_III);
    assertEquals(TABLE_III, Study.read(dir).weights());
    Study.openOrCreate(dir, t.spec(), "test");
    assertEquals(TABLE_III, Study.read(dir).weights(), "resuming keeps them");
  }
}

package io.iotkit.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.Operation;
import io.iotkit.model.ResourceUsage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The table's arithmetic, from results whose figures are known exactly. */
class StudyTableTest {
  private static final PointState.Status DONE = PointState.Status.DONE;

  static StudySpec pSweep(String... ps) {
    return new StudySpec(List.of("memory"), List.of(ps), null, null, null, null, null, 1000L, null, null, null,
        null, false, null, null, null).validated();
  }

  @Test
  void perSensorEfficiencyAndSpreadOfASubstationSweep() {
    // P=1: 100,000 kvps in 10 s (x 1.1 in the performance run) -> 9,090.9 IoTps
    StudyRow p1 = StudyTable.row("1", DONE, "runs/a", StudyRuns.even(100_000, 1, 10, 500));
    // P=2: substations take 8 s and 10 s: 200,000 kvps in 11 s -> 18,181.8 IoTps, exactly twice P=1's
    StudyRow p2 = StudyTable.row("2", DONE, "runs/b", StudyRuns.run(100_000, new double[] {8, 10}, 500, 0, null));
    // P=4: 400,000 kvps in 20 s x 1.1 = 22 s -> 18,181.8 IoTps, half of linear
    StudyRow p4 = StudyTable.row("4", DONE, "runs/c", StudyRuns.run(100_000, new double[] {20, 10, 10, 20}, 500, 0,
        null));
    StudyTable t = new StudyTable("s", pSweep("1", "2", "4"), List.of(p1, p2, p4));
    StudyRow r1 = t.rows().get(0);
    StudyRow r2 = t.rows().get(1);
    StudyRow r4 = t.rows().get(2);
    assertEquals(100_000 / 11.0, r1.iotps(), 1e-6);
    assertEquals(r1.iotps() / 200, r1.perSensor(), 1e-9, "per sensor: IoTps / (1 x 200)");
    assertEquals(r4.iotps() / 800, r4.perSensor(), 1e-9, "per sensor: IoTps / (4 x 200)");
    assertEquals(1.0, r1.efficiency(), 1e-9);
    assertEquals(1.0, r2.efficiency(), 1e-9, "twice the IoTps with twice P is linear");
    assertEquals(0.5, r4.efficiency(), 1e-9, "IoTps_4 / (4 x IoTps_1)");
    assertNull(r1.ingestSpread(), "one substation has no spread");
    assertEquals(8.8, r2.ingestMinSeconds(), 1e-9);
    assertEquals(11.0, r2.ingestMaxSeconds(), 1e-9);
    assertEquals(9.9, r2.ingestAvgSeconds(), 1e-9);
    assertEquals((11.0 - 8.8) / 8.8, r2.ingestSpread(), 1e-9, "(max - min) / min, as the run report");
    assertEquals((22.0 - 11.0) / 11.0, r4.ingestSpread(), 1e-9);
    assertEquals(11.0, r2.measuredSeconds(), 1e-9, "the performance run is iteration 2, the slower one");
  }

  @Test
  void aRepeatedPointIsItsMedianRunWithTheRunsIntervalAndRange() {
    // three runs of P=1 at 10, 8 and 12 s (x 1.1 in the performance run), one failed
    List<StudyRow> runs = List.of(StudyTable.row("1", DONE, "runs/a", StudyRuns.even(100_000, 1, 10, 500)),
        StudyTable.row("1", DONE, "runs/b", StudyRuns.even(100_000, 1, 8, 500)),
        StudyTable.row("1", PointState.Status.FAILED, "runs/c", null),
        StudyTable.row("1", DONE, "runs/d", StudyRuns.even(100_000, 1, 12, 500)));
    StudyRow r = StudyTable.medianRun("1", runs);
    assertEquals("runs/a", r.runFolder(), "the median run's figures");
    assertEquals(3, r.runs().n(), "the failed run has no IoTps");
    assertEquals(100_000 / 11.0, r.runs().median(), 1e-6);
    assertEquals(100_000 / 13.2, r.runs().min(), 1e-6);
    assertEquals(100_000 / 8.8, r.runs().max(), 1e-6);
    StudySpec spec = new StudySpec(List.of("memory"), List.of("1", "2"), null, null, null, null, null, 1000L, null,
        null, null, null, false, null, null, null, 4).validated();
    StudyTable t = new StudyTable("s", spec, List.of(r, StudyTable.medianRun("2",
        List.of(StudyTable.row("2", PointState.Status.FAILED, "runs/e", null)))));
    String text = StudyText.text(t);
    assertTrue(text.contains("runs  IoTps median"), text);
    assertTrue(text.contains("Each point ran 4 times, in turns"), text);
    assertFalse(t.rows().get(1).measured());
    assertTrue(StudyText.csv(t).lines().findFirst().orElseThrow().endsWith(
        "runs,IoTps median,IoTps 95% low,IoTps 95% high,IoTps min,IoTps max"));
  }

  @Test
  void comparedRepeatedStudiesSayWhichPointsDifferBeyondTheirIntervals() {
    StudySpec spec = new StudySpec(List.of("memory"), List.of("1", "2"), null, null, null, null, null, 1000L, null,
        null, null, null, false, null, null, null, 3).validated();
    StudyTable slow = new StudyTable("slow", spec, List.of(point("1", 10, 10.5, 11), point("2", 10, 10.5, 11)));
    // P=1 twice as fast in every run; P=2 overlapping the slow study's runs
    StudyTable fast = new StudyTable("fast", spec, List.of(point("1", 5, 5.2, 5.5), point("2", 9.5, 10.2, 11.5)));
    String text = StudyText.compare(List.of(slow, fast));
    assertTrue(text.contains("whether each study differs from slow beyond both intervals"), text);
    List<String> rows = text.lines().filter(l -> l.strip().startsWith("1 ") || l.strip().startsWith("2 ")).toList();
    assertTrue(rows.get(rows.size() - 2).endsWith("higher beyond the intervals"), text);
    assertTrue(rows.get(rows.size() - 1).endsWith("within the intervals"), text);
  }

  /** A point of P=1 run three times, its substation ingesting in these seconds (x 1.1 in the performance run). */
  private static StudyRow point(String value, double... seconds) {
    List<StudyRow> runs = new java.util.ArrayList<>();
    for (double s : seconds) {
      runs.add(StudyTable.row(value, DONE, "runs/" + s, StudyRuns.even(100_000, 1, s, 500)));
    }
    return StudyTable.medianRun(value, runs);
  }

  @Test
  void efficiencyOfANonSubstationSweepIsThroughputRelativeToTheFirstPoint() {
    StudySpec spec = new StudySpec(List.of("memory"), List.of("2"), List.of("5", "10"), null, null, null, 1000L,
        null, null, null, null, null, false, null, null, null).validated();
    StudyTable t = new StudyTable("s", spec, List.of(
        StudyTable.row("5", DONE, "a", StudyRuns.even(100_000, 2, 10, 500)),
        StudyTable.row("10", DONE, "b", StudyRuns.even(100_000, 2, 8, 500))));
    assertEquals(10.0 / 8, t.rows().get(1).efficiency(), 1e-9);
  }

  @Test
  void efficiencyOfACpuSweepIsAgainstTheQuotaAndIoTpsPerCpuAgainstWhatTheSutUsed() {
    StudySpec spec = new StudySpec(List.of("kafka"), List.of("1"), null, null, null, null, 100_000L, null, null, 3,
        null, null, false, null, List.of("0.5", "2"), null).validated();
    // 0.5 CPU: 100,000 kvps in 11 s (performance run) -> 9,090.9 IoTps; 2 CPUs: in 5.5 s -> twice that, on 4x the CPU
    StudyTable t = new StudyTable("s", spec, List.of(
        StudyTable.row("0.5", DONE, "a", StudyRuns.run(100_000, new double[] {10}, 500, 0,
            StudyRuns.resources(0.5, 0.5, 0.25))),
        StudyTable.row("2", DONE, "b", StudyRuns.run(100_000, new double[] {5}, 500, 0,
            StudyRuns.resources(1.6, 0.5, 0.25)))));
    StudyRow half = t.rows().get(0);
    StudyRow two = t.rows().get(1);
    assertEquals(0.5, two.efficiency(), 1e-9, "IoTps_2 / (2/0.5 x IoTps_0.5): twice the rate on four times the CPUs");
    assertEquals(half.iotps() / 0.5, half.iotpsPerSutCpu(), 1e-6, "IoTps per CPU second the SUT used");
    assertEquals(two.iotps() / 1.6, two.iotpsPerSutCpu(), 1e-6, "the SUT used 1.6 of its 2 CPUs");
    String text = StudyText.text(t);
    assertTrue(text.contains("IoTps_i / (CPUs_i/CPUs_1 x IoTps_1)"), text);
    assertTrue(text.contains(String.format("%,.0f", two.iotps() / 1.6)), text);
  }

  @Test
  void efficiencyIsAgainstTheFirstPointWithAResultWhenTheFirstFailed() {
    StudyTable t = new StudyTable("s", pSweep("1", "2", "4"), List.of(
        StudyTable.row("1", PointState.Status.FAILED, "runs/a", null),
        StudyTable.row("2", DONE, "runs/b", StudyRuns.even(100_000, 2, 10, 500)),
        StudyTable.row("4", DONE, "runs/c", StudyRuns.even(100_000, 4, 10, 500))));
    assertFalse(t.rows().get(0).measured());
    assertNull(t.rows().get(0).efficiency());
    assertEquals(1.0, t.rows().get(1).efficiency(), 1e-9);
    assertEquals(1.0, t.rows().get(2).efficiency(), 1e-9, "4 substations at the same time each: linear");
    String text = StudyText.text(t);
    assertTrue(text.contains("Points without a result: P=1 failed"), text);
  }

  @Test
  void ingestPercentilesComeFromTheHistograms() {
    StudyRow r = StudyTable.row("1", DONE, "a", StudyRuns.even(10_000, 1, 10, 2_000));
    assertEquals(2.0, r.ingestLatency().p50Ms(), 0.01);
    assertEquals(2.0, r.ingestLatency().p99Ms(), 0.01);
    assertEquals(2.0, r.ingestLatency().p999Ms(), 0.01);
    assertFalse(r.endToEnd().measured(), "a store read by query has no end to end");
    assertEquals(1.0, r.queryAvgMs().get(Operation.QUERY_MAX), 0.01, "max is the first template: 1 ms");
    assertEquals(4.0, r.queryP99Ms().get(Operation.QUERY_COUNT), 0.01);
  }

  @Test
  void endToEndColumnsAppearOnlyWhereAStoreDeliveredToAReader() {
    StudyTable byQuery = new StudyTable("s", pSweep("1", "2"), List.of(
        StudyTable.row("1", DONE, "a", StudyRuns.even(10_000, 1, 10, 2_000))));
    StudyTable delivered = new StudyTable("s", pSweep("1", "2"), List.of(
        StudyTable.row("1", DONE, "a", StudyRuns.withEndToEnd(StudyRuns.even(10_000, 1, 10, 2_000), 7_000))));
    assertFalse(byQuery.endToEnd());
    assertFalse(StudyText.text(byQuery).contains("end to end p50"));
    assertTrue(delivered.endToEnd());
    assertEquals(7.0, delivered.rows().get(0).endToEnd().p99Ms(), 0.01);
    String text = StudyText.text(delivered);
    assertTrue(text.contains("end to end p50 ms"), text);
    assertTrue(text.contains("7.00"), text);
    assertTrue(StudyText.csv(delivered).lines().skip(1).findFirst().orElseThrow().contains(",7.0"),
        StudyText.csv(delivered));
  }

  @Test
  void resourcesAreNotApplicableUntilSampledAndMeanCpuWhenThey() {
    StudyRow none = StudyTable.row("1", DONE, "a", StudyRuns.even(10_000, 1, 10, 500));
    assertNull(none.resources().sutCpu());
    assertNull(none.resources().driverCpu());
    StudyTable t = new StudyTable("s", pSweep("1", "2"), List.of(none,
        StudyTable.row("2", DONE, "b", StudyRuns.run(10_000, new double[] {10, 10}, 500, 0,
            StudyRuns.resources(1.25, 0.5, 0.25)))));
    StudyRow sampled = t.rows().get(1);
    PointResources u = sampled.resources();
    assertEquals(1.25, u.sutCpu(), 1e-9, "the SUT process's mean; the instance process is not the SUT");
    assertEquals(0.75, u.driverCpu(), 1e-9, "user + system of the driver host");
    assertEquals(2.0 * (1 << 30), u.sutMemoryPeakBytes(), 1e-9, "the SUT's memory at its peak second");
    assertEquals(2e6, u.sutDiskWriteBytesPerSecond(), 1e-9, "the SUT's mean disk writes");
    assertEquals(3e6, u.sutNetBytesPerSecond(), 1e-9, "the SUT's sockets, received and sent");
    assertEquals(2.5e6, u.driverNetBytesPerSecond(), 1e-9, "the instance's sockets, received and sent");
    assertEquals(1L << 28, u.driverMemoryPeakBytes(), 1e-9);
    assertEquals(20e6, u.sutFolderGrowthBytes(), 1e-9, "the folder after the run less before it");
    assertEquals(1_000, sampled.folderBytesPerReading(), 1e-9, "20 MB over 20,000 readings");
    assertTrue(t.resourcesSampled());
    String text = StudyText.text(t);
    assertTrue(text.contains("  1                    n/a                  n/a                  n/a                   n/a"
        + "                   n/a                       n/a               n/a                   n/a"), text);
    // 20,000 kvps in 11 s on 1.25 CPU s/s: 1,455 IoTps per CPU second
    assertTrue(text.contains("  2                   1.25                1,455                2,048                  2.00"
        + "                  20.0                     1,000              3.00                  0.75               9.00"
        + "                        256                    2.50"), text);
    assertNull(PointResources.of(ResourceUsage.none()).sutCpu());
  }

  @Test
  void theMastersCostPerInstanceItsStartUpAndItsReportsInASweepOfP() {
    // the fixture's run starts 5,000 s before iteration 1's warmup and has its result together at 30,000 s
    var result = StudyRuns.run(10_000, new double[] {10, 10}, 500, 0, StudyRuns.resources(1.25, 0.5, 0.25));
    StudyRow r = StudyTable.row("2", DONE, "b", result, result.finished().plusMillis(2_500));
    MasterCost m = r.master();
    assertEquals(0.03, m.cpu(), 1e-9, "the master's mean over the performance run");
    assertEquals(15.0, m.cpuMillisPerInstance(2), 1e-9, "0.03 s/s over 2 instances");
    assertEquals(128.0 * (1 << 20), m.memoryPeakBytes(), 1e-9);
    assertEquals(5_000.0, m.startupSeconds(), 1e-9, "the run's start to iteration 1's warmup");
    assertEquals(2.5, m.reportSeconds(), 1e-9, "the result together to the process ended");
    assertNull(StudyTable.row("2", DONE, "b", result).master().reportSeconds(), "the process's end not known");
    StudyText.Section section = StudyText.sections(new StudyTable("s", pSweep("2", "4"), List.of(r))).stream()
        .filter(x -> x.title().startsWith("The master")).findFirst().orElseThrow();
    assertEquals(List.of("2", "0.030", "15.00", "128", "5,000.0", "2500.00", "2.5"), section.rows().get(1));
    StudySpec rates = new StudySpec(List.of("memory"), List.of("2"), List.of("5", "10"), null, null, null, 1000L,
        null, null, null, null, null, false, null, null, null).validated();
    assertFalse(StudyText.sections(new StudyTable("s", rates, List.of(r))).stream()
        .anyMatch(x -> x.title().startsWith("The master")), "P is the same at every point: no table");
  }

  @Test
  void csvHasOneRowPerPointWithPlainNumbersAndEmptyCellsForWhatWasNotMeasured() {
    StudyTable t = new StudyTable("s", pSweep("1", "2"), List.of(
        StudyTable.row("1", DONE, "runs/a", StudyRuns.even(100_000, 1, 10, 500)),
        StudyTable.row("2", PointState.Status.FAILED, "runs/b", null)));
    List<String> lines = StudyText.csv(t).lines().toList();
    assertEquals(3, lines.size());
    List<String> head = List.of(lines.get(0).split(","));
    List<String> one = List.of(lines.get(1).split(",", -1));
    List<String> two = List.of(lines.get(2).split(",", -1));
    assertEquals(head.size(), one.size());
    assertEquals("9090.9091", one.get(head.indexOf("IoTps")));
    assertEquals("", one.get(head.indexOf("SUT CPU s/s")));
    assertEquals("failed", two.get(head.indexOf("status")));
    assertEquals("", two.get(head.indexOf("IoTps")));
  }

  @Test
  void aPointsReadOnlyExecutionHasItsOwnTable() {
    // 4 instances at 3 queries a second for 60 s: 12 offered, 720 queries in 60 s achieved
    StudyRow r = StudyTable.row("3", DONE, "runs/a", io.iotkit.report.SampleRuns.withReadOnly(3, 60));
    assertEquals(12.0, r.readOnly().offered(), 1e-9);
    assertEquals(12.0, r.readOnly().achieved(), 1e-9);
    assertEquals(0, r.readOnly().failed());
    assertEquals(4, r.readOnly().p99Ms().size(), "a p99 per template");
    assertTrue(r.readOnly().resources().sampled(), "what each side used over it");
    StudyTable t = new StudyTable("s", pSweep("1", "2"), List.of(r, StudyTable.row("4", DONE, "runs/b",
        StudyRuns.even(100_000, 1, 10, 500))));
    StudyText.Section section = StudyText.sections(t).stream().filter(s -> s.title().startsWith("Read-only"))
        .findFirst().orElseThrow();
    assertEquals(List.of("3", "12.0", "12.0", "0"), section.rows().get(1).subList(0, 4));
    assertEquals(StudyText.NA, section.rows().get(2).get(1), "a point without one: n/a");
    assertFalse(StudyText.sections(new StudyTable("s", pSweep("1", "2"), List.of(StudyTable.row("4", DONE, "b",
        StudyRuns.even(100_000, 1, 10, 500))))).stream().anyMatch(x -> x.title().startsWith("Read-only")),
        "no table where no point ran one");
  }
}

package io.iotkit.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.Figure;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.KvpSize;
import io.iotkit.model.Limit;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.SubstationCount;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExecutionRulesTest {
  private static final long T0 = 1_767_225_600_000_000L;
  private static final long LIMIT = 1_800_000_000L; // 1800 s in µs

  private static InstanceResult instance(long target, long ack, long failedInserts, long queries, long failedQueries,
                                         long readings, long micros) {
    return new InstanceResult(0, "s", target, ack, failedInserts, T0, T0 + micros, queries, failedQueries, readings,
        0, Map.of(), null, null, Map.of(), new long[0], null);
  }

  private static PhaseResult phase(long micros, InstanceResult... instances) {
    return new PhaseResult("p", true, T0, T0 + micros, List.of(instances));
  }

  // A phase that passes every rule: 1800 s, 20 kvps/s for each of 200 sensors, 200 readings per query.
  private static PhaseResult compliant(long micros) {
    return phase(micros, instance(7_200_000, 7_200_000, 0, 3_600, 0, 720_000, micros));
  }

  /** The one substation "s" of these phases, with {@code stored} readings in the store. */
  private static List<SubstationCount> stored(long stored, PhaseResult... phases) {
    return ExecutionRules.substationCounts(List.of("s"), Map.of("s", stored), phases);
  }

  private static CheckResult named(List<CheckResult> checks, String part) {
    return checks.stream().filter(c -> c.name().contains(part)).findFirst().orElseThrow(() -> new AssertionError(part));
  }

  @Test
  void noQueriesMakesATrialRun() {
    CheckResult off = ExecutionRules.dashboardQueries(true);
    assertFalse(off.passed());
    assertTrue(off.measured().text().contains("--no-queries"), off.measured().text());
    assertTrue(off.why().contains("--no-queries"), off.why());
    assertTrue(ExecutionRules.dashboardQueries(false).passed());
  }

  @Test
  void anyKvpSizeBut1KbMakesATrialRun() {
    assertTrue(ExecutionRules.kvpSize(KvpSize.of(1024)).passed());
    for (KvpSize bytes : List.of(KvpSize.of(79), KvpSize.of(1023), KvpSize.of(1025), KvpSize.of(10240),
        new KvpSize(1000, 1048), new KvpSize(1024, 1025))) {
      CheckResult resized = ExecutionRules.kvpSize(bytes);
      assertFalse(resized.passed(), bytes + " bytes");
      assertTrue(resized.name().startsWith("kvp size 1 KB"), resized.name());
      assertTrue(resized.why().contains("--kvp-bytes"), resized.why());
    }
  }

  @Test
  void elapsedTimeAtLeast1800Seconds() {
    assertFalse(ExecutionRules.elapsed("w", compliant(LIMIT - 100_000)).passed()); // 1799.9 s
    assertFalse(ExecutionRules.elapsed("w", compliant(LIMIT - 1)).passed());
    assertTrue(ExecutionRules.elapsed("w", compliant(LIMIT)).passed());
    CheckResult failed = ExecutionRules.elapsed("w", compliant(LIMIT - 100_000));
    assertEquals("1799.900 s", failed.measured().text());
    assertFalse(failed.why().isEmpty());
  }

  @Test
  void warmupAndMeasuredElapsedAreCheckedSeparately() {
    PhaseResult shortRun = compliant(LIMIT - 100_000);
    PhaseResult longRun = compliant(LIMIT);

    List<CheckResult> shortWarmup = ExecutionRules.iteration(1, shortRun, longRun,
        stored(14_400_000, shortRun, longRun), true);
    assertFalse(named(shortWarmup, "warmup elapsed").passed());
    assertTrue(named(shortWarmup, "measured elapsed").passed());

    List<CheckResult> shortMeasured = ExecutionRules.iteration(1, longRun, shortRun,
        stored(14_400_000, longRun, shortRun), true);
    assertTrue(named(shortMeasured, "warmup elapsed").passed());
    assertFalse(named(shortMeasured, "measured elapsed").passed());

    assertTrue(ExecutionRules.iteration(1, longRun, longRun,
        stored(14_400_000, longRun, longRun), true).stream().allMatch(CheckResult::passed));
  }

  @Test
  void ingestRatePerSensorAtLeast20() {
    // 7,200,000 kvps / 1800 s / 200 sensors = 20 kvps/s
    assertTrue(ExecutionRules.sensorRate("m", phase(LIMIT, instance(7_200_000, 7_200_000, 0, 0, 0, 0, LIMIT)))
        .passed());
    assertFalse(ExecutionRules.sensorRate("m", phase(LIMIT, instance(7_199_999, 7_199_999, 0, 0, 0, 0, LIMIT)))
        .passed());
    // two substations need twice the kvps
    assertFalse(ExecutionRules.sensorRate("m", phase(LIMIT, instance(7_200_000, 7_200_000, 0, 0, 0, 0, LIMIT),
        instance(7_199_999, 7_199_999, 0, 0, 0, 0, LIMIT))).passed());
    assertTrue(ExecutionRules.sensorRate("m", phase(LIMIT, instance(7_200_000, 7_200_000, 0, 0, 0, 0, LIMIT),
        instance(7_200_000, 7_200_000, 0, 0, 0, 0, LIMIT))).passed());
  }

  @Test
  void readingsPerQueryAtLeast200() {
    assertTrue(ExecutionRules.readingsPerQuery("m", phase(LIMIT, instance(1, 1, 0, 100, 0, 20_000, LIMIT))).passed());
    assertFalse(ExecutionRules.readingsPerQuery("m", phase(LIMIT, instance(1, 1, 0, 100, 0, 19_999, LIMIT)))
        .passed());
    assertFalse(ExecutionRules.readingsPerQuery("m", phase(LIMIT, instance(1, 1, 0, 0, 0, 0, LIMIT))).passed());
    // the average is over successful queries: 20,000 readings in 100 of 101 queries
    assertTrue(ExecutionRules.readingsPerQuery("m", phase(LIMIT, instance(1, 1, 0, 101, 1, 20_000, LIMIT))).passed());
  }

  @Test
  void oneFailedOperationFails() {
    assertTrue(ExecutionRules.noFailures("m", phase(LIMIT, instance(1, 1, 0, 10, 0, 0, LIMIT))).passed());
    assertFalse(ExecutionRules.noFailures("m", phase(LIMIT, instance(1, 0, 1, 10, 0, 0, LIMIT))).passed());
    assertFalse(ExecutionRules.noFailures("m", phase(LIMIT, instance(1, 1, 0, 10, 1, 0, LIMIT))).passed());
  }

  @Test
  void failuresInWarmupOrMeasuredRunBothCount() {
    PhaseResult ok = compliant(LIMIT);
    PhaseResult failing = phase(LIMIT, instance(7_200_000, 7_200_000, 0, 3_600, 1, 720_000, LIMIT));
    assertFalse(named(ExecutionRules.iteration(1, failing, ok,
        stored(14_400_000, failing, ok), true), "warmup failed").passed());
    assertFalse(named(ExecutionRules.iteration(1, ok, failing,
        stored(14_400_000, ok, failing), true), "measured failed").passed());
  }

  @Test
  void everyKvpMustBeAcknowledged() {
    assertTrue(ExecutionRules.allIngested("m", phase(LIMIT, instance(1_000, 1_000, 0, 0, 0, 0, LIMIT))).passed());
    assertFalse(ExecutionRules.allIngested("m", phase(LIMIT, instance(1_000, 999, 0, 0, 0, 0, LIMIT))).passed());
  }

  @Test
  void dataCheckWantsExactlyTheWrittenCount() {
    assertTrue(ExecutionRules.dataCheck("it", List.of(new SubstationCount("a", 1_000, 1_000))).passed());
    CheckResult missing = ExecutionRules.dataCheck("it", List.of(new SubstationCount("a", 1_000, 999)));
    assertFalse(missing.passed());
    assertEquals("substation a: 1 acknowledged readings missing", missing.why());
    CheckResult extra = ExecutionRules.dataCheck("it", List.of(new SubstationCount("a", 1_000, 1_001)));
    assertFalse(extra.passed());
    assertEquals("substation a: 1 more than written", extra.why());
  }

  @Test
  void eachSubstationIsHeldToItsOwnCount() {
    // Twelve readings of r1-1-002 stored under r1-1-003: the total agrees, the check must not.
    List<SubstationCount> moved = List.of(new SubstationCount("r1-1-001", 5_000, 5_000),
        new SubstationCount("r1-1-002", 5_000, 4_988), new SubstationCount("r1-1-003", 5_000, 5_012));
    CheckResult c = ExecutionRules.dataCheck("iteration 1", moved);
    assertFalse(c.passed());
    assertEquals(15_000.0, c.measured().value());
    assertEquals(15_000.0, c.limit().value());
    assertEquals("substation r1-1-002: 12 acknowledged readings missing; substation r1-1-003: 12 more than written",
        c.why());
    assertEquals("[FAIL] iteration 1 data check (readings stored per substation): 15000 (limit exactly 15000, each of"
        + " 3 substation(s) what it wrote) - substation r1-1-002: 12 acknowledged readings missing; substation"
        + " r1-1-003: 12 more than written", c.line());

    // A loss in one substation and as many extra in another cancel out in the total, not here.
    CheckResult cancelled = ExecutionRules.dataCheck("it", List.of(new SubstationCount("a", 100, 97),
        new SubstationCount("b", 100, 103)));
    assertFalse(cancelled.passed());
    assertEquals("substation a: 3 acknowledged readings missing; substation b: 3 more than written", cancelled.why());

    CheckResult exact = ExecutionRules.dataCheck("it", List.of(new SubstationCount("a", 100, 100),
        new SubstationCount("b", 7, 7)));
    assertTrue(exact.passed());
    assertEquals("", exact.why());
    assertEquals("107", exact.measured().text());
  }

  @Test
  void eachSubstationsAcknowledgedReadingsAreItsInstancesOverBothPhases() {
    InstanceResult a = new InstanceResult(0, "a", 10, 10, 0, T0, T0 + 1, 0, 0, 0, 0, Map.of(), null,
        null, Map.of(), new long[0], null);
    InstanceResult b = new InstanceResult(1, "b", 20, 19, 1, T0, T0 + 1, 0, 0, 0, 0, Map.of(), null,
        null, Map.of(), new long[0], null);
    PhaseResult warmup = phase(1, a, b);
    PhaseResult measured = phase(1, b, a);
    List<SubstationCount> counts = ExecutionRules.substationCounts(List.of("a", "b", "c"), Map.of("a", 20L, "c", 4L),
        warmup, measured);
    assertEquals(List.of(new SubstationCount("a", 20, 20), new SubstationCount("b", 38, 0),
        new SubstationCount("c", 0, 4)), counts);
  }

  @Test
  void dataCheckOfAnIterationCountsWarmupAndMeasured() {
    PhaseResult p = compliant(LIMIT);
    assertTrue(named(ExecutionRules.iteration(2, p, p, stored(14_400_000, p, p), true), "data check").passed());
    assertFalse(named(ExecutionRules.iteration(2, p, p, stored(7_200_000, p, p), true), "data check").passed());
    assertFalse(named(ExecutionRules.iteration(2, p, p, stored(14_400_001, p, p), true), "data check").passed());
  }

  @Test
  void storeWithoutQueriesIsNeverCompliant() {
    PhaseResult p = phase(LIMIT, instance(7_200_000, 7_200_000, 0, 0, 0, 0, LIMIT));
    CheckResult q = named(ExecutionRules.iteration(1, p, p, stored(14_400_000, p, p), false), "readings per query");
    assertFalse(q.passed());
    assertTrue(q.measured().text().startsWith("not applicable"), q.measured().text());
  }

  @Test
  void replicationAtLeast3() {
    assertFalse(ExecutionRules.replication(2, "test").passed());
    assertTrue(ExecutionRules.replication(3, "test").passed());
    assertTrue(ExecutionRules.replication(5, "test").passed());
    assertFalse(ExecutionRules.replication(0, "unknown").passed());
  }

  @Test
  void threadsMustBeTheKitConstant() {
    assertTrue(ExecutionRules.threads(10).passed());
    assertFalse(ExecutionRules.threads(9).passed());
    assertFalse(ExecutionRules.threads(11).passed());
  }

  @Test
  void passingChecksCarryNoReason() {
    CheckResult ok = ExecutionRules.threads(10);
    assertEquals("", ok.why());
    assertEquals("10", ok.limit().text());
  }

  @Test
  void checksCarryTheirFiguresAndLimitsAsNumbers() {
    CheckResult elapsed = ExecutionRules.elapsed("w", compliant(LIMIT - 100_000));
    assertEquals(1799.9, elapsed.measured().value(), 1e-9);
    assertEquals("s", elapsed.measured().unit());
    assertEquals(Limit.Bound.AT_LEAST, elapsed.limit().bound());
    assertEquals(1800.0, elapsed.limit().value());
    assertEquals("s", elapsed.limit().unit());

    CheckResult data = ExecutionRules.dataCheck("iteration 1", List.of(new SubstationCount("s", 5_000, 4_997)));
    assertFalse(data.passed());
    assertEquals(4_997.0, data.measured().value());
    assertEquals("readings", data.measured().unit());
    assertEquals(Limit.Bound.EXACTLY, data.limit().bound());
    assertEquals(5_000.0, data.limit().value());
    assertEquals("exactly 5000, each of 1 substation(s) what it wrote", data.limit().text());
  }

  @Test
  void aCheckWithNoNumberCannotPass() {
    CheckResult q = ExecutionRules.queriesNotApplicable("m");
    assertNull(q.measured().value());
    assertFalse(q.passed());
    assertFalse(CheckResult.measure("x", Figure.text("no figure"), Limit.atLeast(0, "s", ">= 0 s"), "why").passed());
  }

  @Test
  void anEmulatorIsNeverTheStoreItself() {
    String label = "MongoDB wire-protocol emulator (mongo-java-server), not MongoDB; its figures are not MongoDB's";
    CheckResult emulated = ExecutionRules.realStore(java.util.Optional.of(label));
    assertFalse(emulated.passed());
    assertTrue(emulated.reason().contains("the SUT is an emulator: " + label), emulated.reason());
    assertTrue(emulated.line().startsWith("[FAIL] SUT is the store itself"), emulated.line());
    CheckResult real = ExecutionRules.realStore(java.util.Optional.empty());
    assertTrue(real.passed(), real.line());
    assertEquals("", real.why());
  }
}

package io.iotkit.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iotkit.model.CheckResult;
import io.iotkit.model.Figure;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.Limit;
import io.iotkit.model.PhaseResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExecutionRulesTest {
  private static final long T0 = 1_767_225_600_000_000L;
  private static final long LIMIT = 1_800_000_000L; // 1800 s in µs

  private static InstanceResult instance(long target, long ack, long failedInserts, long queries, long failedQueries,
                                         long readings, long micros) {
    return new InstanceResult(0, "s", target, ack, failedInserts, T0, T0 + micros, queries, failedQueries, readings,
        0, null, Map.of(), new long[0], null);
  }

  private static PhaseResult phase(long micros, InstanceResult... instances) {
    return new PhaseResult("p", true, T0, T0 + micros, List.of(instances));
  }

  // A phase that passes every rule: 1800 s, 20 kvps/s for each of 200 sensors, 200 readings per query.
  private static PhaseResult compliant(long micros) {
    return phase(micros, instance(7_200_000, 7_200_000, 0, 3_600, 0, 720_000, micros));
  }

  private static CheckResult named(List<CheckResult> checks, String part) {
    return checks.stream().filter(c -> c.name().contains(part)).findFirst().orElseThrow(() -> new AssertionError(part));
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

    List<CheckResult> shortWarmup = ExecutionRules.iteration(1, shortRun, longRun, 14_400_000, true);
    assertFalse(named(shortWarmup, "warmup elapsed").passed());
    assertTrue(named(shortWarmup, "measured elapsed").passed());

    List<CheckResult> shortMeasured = ExecutionRules.iteration(1, longRun, shortRun, 14_400_000, true);
    assertTrue(named(shortMeasured, "warmup elapsed").passed());
    assertFalse(named(shortMeasured, "measured elapsed").passed());

    assertTrue(ExecutionRules.iteration(1, longRun, longRun, 14_400_000, true).stream().allMatch(CheckResult::passed));
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
    assertFalse(named(ExecutionRules.iteration(1, failing, ok, 14_400_000, true), "warmup failed").passed());
    assertFalse(named(ExecutionRules.iteration(1, ok, failing, 14_400_000, true), "measured failed").passed());
  }

  @Test
  void everyKvpMustBeAcknowledged() {
    assertTrue(ExecutionRules.allIngested("m", phase(LIMIT, instance(1_000, 1_000, 0, 0, 0, 0, LIMIT))).passed());
    assertFalse(ExecutionRules.allIngested("m", phase(LIMIT, instance(1_000, 999, 0, 0, 0, 0, LIMIT))).passed());
  }

  @Test
  void dataCheckWantsExactlyTheWrittenCount() {
    assertTrue(ExecutionRules.dataCheck("it", 1_000, 1_000).passed());
    CheckResult missing = ExecutionRules.dataCheck("it", 999, 1_000);
    assertFalse(missing.passed());
    assertTrue(missing.why().contains("missing"), missing.why());
    CheckResult extra = ExecutionRules.dataCheck("it", 1_001, 1_000);
    assertFalse(extra.passed());
    assertTrue(extra.why().contains("more"), extra.why());
  }

  @Test
  void dataCheckOfAnIterationCountsWarmupAndMeasured() {
    PhaseResult p = compliant(LIMIT);
    assertTrue(named(ExecutionRules.iteration(2, p, p, 14_400_000, true), "data check").passed());
    assertFalse(named(ExecutionRules.iteration(2, p, p, 7_200_000, true), "data check").passed());
    assertFalse(named(ExecutionRules.iteration(2, p, p, 14_400_001, true), "data check").passed());
  }

  @Test
  void storeWithoutQueriesIsNeverCompliant() {
    PhaseResult p = phase(LIMIT, instance(7_200_000, 7_200_000, 0, 0, 0, 0, LIMIT));
    CheckResult q = named(ExecutionRules.iteration(1, p, p, 14_400_000, false), "readings per query");
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

    CheckResult data = ExecutionRules.dataCheck("iteration 1", 4_997, 5_000);
    assertFalse(data.passed());
    assertEquals(4_997.0, data.measured().value());
    assertEquals("readings", data.measured().unit());
    assertEquals(Limit.Bound.EXACTLY, data.limit().bound());
    assertEquals(5_000.0, data.limit().value());
    assertEquals("exactly 5000", data.limit().text());
  }

  @Test
  void aCheckWithNoNumberCannotPass() {
    CheckResult q = ExecutionRules.queriesNotApplicable("m");
    assertNull(q.measured().value());
    assertFalse(q.passed());
    assertFalse(CheckResult.measure("x", Figure.text("no figure"), Limit.atLeast(0, "s", ">= 0 s"), "why").passed());
  }
}

package io.iotkit.check;

import io.iotkit.binding.LiveCopies;
import io.iotkit.model.CheckResult;
import io.iotkit.model.Figure;
import io.iotkit.model.InstanceResult;
import io.iotkit.model.KvpSize;
import io.iotkit.model.Limit;
import io.iotkit.model.PhaseResult;
import io.iotkit.model.ReadOnlyQueries;
import io.iotkit.model.SubstationCount;
import io.iotkit.model.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The execution rules of docs/PROTOCOL.md §4 and the data check. Each method checks one rule and returns its
 * outcome with the measured figure and the limit; none of them can pass a figure below its limit.
 */
public final class ExecutionRules {
  public static final double MIN_ELAPSED_SECONDS = 1_800;
  public static final double MIN_KVPS_PER_SENSOR_SECOND = 20;
  public static final double MIN_READINGS_PER_QUERY = 200;
  public static final int MIN_REPLICATION = 3;
  /** The largest distance a driver host's clock may have from the master's, offset and error bound together. */
  public static final int MAX_CLOCK_MILLIS = 100;

  private ExecutionRules() {
  }

  /** A workload execution must last at least 1800 s; warmup and measured run are each checked. */
  public static CheckResult elapsed(String label, PhaseResult phase) {
    double s = phase.elapsedSeconds();
    return CheckResult.measure(label + " elapsed time", Figure.of(s, "s", fmt("%.3f s", s)),
        Limit.atLeast(MIN_ELAPSED_SECONDS, "s", fmt(">= %.0f s", MIN_ELAPSED_SECONDS)),
        "shorter than 1800 s: raise -k so each execution lasts at least 30 minutes");
  }

  /** Average ingest rate per sensor in the measured run must be at least 20 kvps/s. */
  public static CheckResult sensorRate(String label, PhaseResult measured) {
    int sensors = measured.instances().size() * WorkloadSpec.SENSORS_PER_SUBSTATION;
    double rate = measured.iotps() / sensors;
    return CheckResult.measure(label + " ingest rate per sensor", Figure.of(rate, "kvps/s", fmt("%.3f kvps/s", rate)),
        Limit.atLeast(MIN_KVPS_PER_SENSOR_SECOND, "kvps/s", fmt(">= %.0f kvps/s", MIN_KVPS_PER_SENSOR_SECOND)),
        "the SUT ingests too slowly for this many substations: lower -p");
  }

  /** Queries must aggregate at least 200 readings on average. */
  public static CheckResult readingsPerQuery(String label, PhaseResult measured) {
    double r = measured.readingsPerQuery();
    return CheckResult.measure(label + " readings per query",
        Figure.of(r, "readings", fmt("%.3f (%d queries)", r, measured.queries())), readingsPerQueryLimit(),
        "queries read too few readings: the per-sensor ingest rate is too low, or queries find no data");
  }

  /** A store that answers no dashboard queries cannot show the query rule holds: not applicable, not compliant. */
  public static CheckResult queriesNotApplicable(String label) {
    return CheckResult.of(label + " readings per query", Figure.text("not applicable: the store answers no queries"),
        readingsPerQueryLimit(), false,
        "this binding's store answers no dashboard queries, so no run on it can be compliant");
  }

  /** No insert or query may fail, in warmup or measured run. */
  public static CheckResult noFailures(String label, PhaseResult phase) {
    long failed = phase.failedOperations();
    return CheckResult.measure(label + " failed operations", Figure.count(failed, "operations"),
        Limit.exactly(0, "operations", "0"), "the SUT failed operations; see the instance logs in the run folder");
  }

  /** Every kvp the run was to ingest was acknowledged. */
  public static CheckResult allIngested(String label, PhaseResult phase) {
    long ack = phase.acknowledged();
    return CheckResult.measure(label + " kvps ingested", Figure.count(ack, "kvps"),
        Limit.exactly(phase.target(), "kvps", Long.toString(phase.target())),
        "not every kvp was acknowledged by the SUT");
  }

  /**
   * The data check: the SUT holds exactly the kvps each substation of this iteration wrote, none lost and none
   * extra. Each substation is held to its own count, so a reading stored under another substation of the run, or
   * a lost reading and an extra one in different substations, fails it although the total agrees. The figure is
   * the total stored; on a failure the reason names every substation that differs and by how much.
   */
  public static CheckResult dataCheck(String label, List<SubstationCount> counts) {
    long stored = 0;
    long written = 0;
    List<String> differences = new ArrayList<>();
    for (SubstationCount c : counts) {
      stored += c.stored();
      written += c.acknowledged();
      if (c.difference() < 0) {
        differences.add("substation " + c.substation() + ": " + -c.difference() + " acknowledged readings missing");
      } else if (c.difference() > 0) {
        differences.add("substation " + c.substation() + ": " + c.difference() + " more than written");
      }
    }
    return CheckResult.of(label + " data check (readings stored per substation)", Figure.count(stored, "readings"),
        Limit.exactly(written, "readings", "exactly " + written + ", each of " + counts.size()
            + " substation(s) what it wrote"), differences.isEmpty(), String.join("; ", differences));
  }

  /**
   * Each substation's acknowledged readings over these phases (its instance's in each) beside the readings the
   * store counted for it, in the order of {@code substations}.
   */
  public static List<SubstationCount> substationCounts(List<String> substations, Map<String, Long> stored,
                                                       PhaseResult... phases) {
    Map<String, Long> acknowledged = new LinkedHashMap<>();
    substations.forEach(s -> acknowledged.put(s, 0L));
    for (PhaseResult p : phases) {
      for (InstanceResult i : p.instances()) {
        acknowledged.merge(i.substation(), i.acknowledged(), Long::sum);
      }
    }
    return SubstationCount.of(acknowledged, stored);
  }

  /** The replication factor of the data the kit writes must be at least 3. */
  public static CheckResult replication(int factor, String source) {
    return CheckResult.measure("replication factor", Figure.of(factor, "copies", factor + " (" + source + ")"),
        Limit.atLeast(MIN_REPLICATION, "copies", ">= " + MIN_REPLICATION),
        "the SUT keeps fewer than 3 copies of each reading; configure 3 or more");
  }

  /**
   * The replication rule on the copies themselves: every reading of the iteration has at least 3 live, caught-up
   * copies, as the store's copies show at this moment (before the warmup, at the data check).
   */
  public static CheckResult liveCopies(String label, LiveCopies copies) {
    return CheckResult.measure(label + " copies on the store", Figure.of(copies.copies(), "copies",
            copies.copies() + " (" + copies.detail() + ")"), Limit.atLeast(MIN_REPLICATION, "copies", ">= "
            + MIN_REPLICATION + " live copies"),
        "fewer than 3 live copies of the iteration's readings: a copy is down or behind; bring it back before the"
            + " run");
  }

  /**
   * The SUT must be the store itself: a program that only speaks its protocol (a wire-protocol emulator) measures
   * the emulator, not the store, so a run on one is never compliant.
   *
   * @param emulator the binding's one line on what the emulator is, as {@code StoreAdmin.emulator()} gave it;
   *     empty for the store itself
   */
  public static CheckResult realStore(java.util.Optional<String> emulator) {
    return CheckResult.of("SUT is the store itself", emulator.map(e -> "the SUT is an emulator: " + e)
            .orElse("the store itself"), "the store itself, not an emulator", emulator.isEmpty(),
        "the figures are the emulator's, not the store's: point the binding at the store itself");
  }

  /**
   * Driver hosts' clocks must agree with the master's within {@value #MAX_CLOCK_MILLIS} ms (offset plus its error
   * bound), or the start instant, TS_start/TS_end and the last-5-s query windows are not what they claim.
   *
   * @param worstHost the host with the largest bound
   */
  public static CheckResult clocks(String worstHost, long boundMicros, int hosts) {
    double ms = boundMicros / 1e3;
    return CheckResult.measure("driver host clocks (offset + error vs master)",
        Figure.of(ms, "ms", String.format(java.util.Locale.ROOT, "%.1f ms at most (%s, of %d hosts)", ms, worstHost,
            hosts)),
        Limit.atMost(MAX_CLOCK_MILLIS, "ms", "<= " + MAX_CLOCK_MILLIS + " ms"),
        "a driver host's clock is too far from the master's; synchronise the hosts' clocks (NTP, chrony)");
  }

  /** Insert threads per instance are a kit constant; a run with another count is a trial run. */
  public static CheckResult threads(int threads) {
    return CheckResult.measure("insert threads per instance", Figure.count(threads, "threads"),
        Limit.exactly(WorkloadSpec.THREADS_PER_INSTANCE, "threads", Integer.toString(WorkloadSpec.THREADS_PER_INSTANCE)),
        "--threads changed the kit's fixed thread count");
  }

  /** A compliant run ingests as fast as the SUT takes readings; --rate paces it into a trial run. */
  public static CheckResult unpaced(long rate) {
    return CheckResult.measure("unpaced ingest (no --rate)", Figure.count(rate, "kvps/s per instance"),
        Limit.exactly(0, "kvps/s per instance", "0 (unpaced)"), "--rate paced the load");
  }

  /** A compliant run's kvps are 1 KB (1,024 bytes); --kvp-bytes resizes their padding into a trial run. */
  public static CheckResult kvpSize(KvpSize size) {
    String name = "kvp size 1 KB (no --kvp-bytes)";
    Limit limit = Limit.exactly(WorkloadSpec.KVP_BYTES, "bytes", Integer.toString(WorkloadSpec.KVP_BYTES));
    String why = "--kvp-bytes resized the readings";
    return size.fixed() ? CheckResult.measure(name, Figure.count(size.min(), "bytes"), limit, why)
        : CheckResult.of(name, Figure.text(size.text()), limit, false, why);
  }

  /** A compliant run's instances query the store as they ingest; --no-queries makes an ingest-only trial run. */
  public static CheckResult dashboardQueries(boolean noQueries) {
    return CheckResult.of("dashboard queries on (no --no-queries)",
        Figure.text(noQueries ? "off (--no-queries)" : "on"), Limit.text("on"), !noQueries,
        "--no-queries turned the dashboard queries off");
  }

  /** Whether the iterations are only the protocol's executions: a read-only execution added makes a trial run. */
  public static CheckResult noReadOnly(ReadOnlyQueries readOnly) {
    return CheckResult.of("no read-only execution (no --queries-per-second)",
        Figure.text(readOnly == null ? "none" : readOnly.perSecond() + " queries/s per instance for "
            + readOnly.seconds() + " s"), Limit.text("none"), readOnly == null,
        "--queries-per-second added a read-only execution to each iteration");
  }

  /** Whether no consumer-only read was added to the iterations: one makes a trial run. */
  public static CheckResult noStoredVolumeRead(boolean consumeStored) {
    return CheckResult.of("no consumer-only read (no --consume-stored)",
        Figure.text(consumeStored ? "a new consumer read each iteration's stored readings" : "none"),
        Limit.text("none"), !consumeStored, "--consume-stored added a consumer-only read to each iteration");
  }

  /** All rules of one iteration, in the order the report lists them. */
  public static List<CheckResult> iteration(int n, PhaseResult warmup, PhaseResult measured,
                                            List<SubstationCount> counts, boolean answersQueries) {
    String it = "iteration " + n + " ";
    List<CheckResult> checks = new ArrayList<>();
    checks.add(dataCheck("iteration " + n, counts));
    checks.add(allIngested(it + "warmup", warmup));
    checks.add(allIngested(it + "measured", measured));
    checks.add(noFailures(it + "warmup", warmup));
    checks.add(noFailures(it + "measured", measured));
    checks.add(elapsed(it + "warmup", warmup));
    checks.add(elapsed(it + "measured", measured));
    checks.add(sensorRate(it + "measured", measured));
    checks.add(answersQueries ? readingsPerQuery(it + "measured", measured) : queriesNotApplicable(it + "measured"));
    return checks;
  }

  private static Limit readingsPerQueryLimit() {
    return Limit.atLeast(MIN_READINGS_PER_QUERY, "readings", fmt(">= %.0f", MIN_READINGS_PER_QUERY));
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}

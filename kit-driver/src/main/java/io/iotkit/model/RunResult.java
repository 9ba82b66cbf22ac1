package io.iotkit.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything a run produced, written as result.json (schema: result.schema.json beside it). Every report is
 * rendered from this alone, so {@code tpcx-iot.sh report} makes them again from the file.
 *
 * @param status COMPLETED, or ABORTED (with {@code abortReason}) when a strict run broke a rule or the SUT failed
 * @param sut the SUT as the kit found it (address or local server)
 * @param sutSettings the SUT's version and settings changed from defaults, as far as the binding could read them
 * @param system the sponsor's system description, or null when none was given
 * @param reasons why the run is not compliant; empty when it is
 * @param driverHosts the hosts of a run over a host list (--hosts); empty when every instance ran on the master's
 * @param sutOutages times the SUT stopped answering during an execution and recovered (empty in older files)
 */
public record RunResult(String kitVersion, String runId, RunStatus status, String abortReason, Instant started,
                        Instant finished, RunInputs inputs, Environment environment, SystemDescription system,
                        String sut, Map<String, String> sutSettings, List<CheckResult> prerequisites,
                        List<IterationResult> iterations, List<CheckResult> cleanup, Metrics metrics,
                        Pricing pricing, boolean compliant, List<String> reasons,
                        List<DriverHostResult> driverHosts, List<SutOutage> sutOutages) {

  public RunResult {
    driverHosts = driverHosts == null ? List.of() : driverHosts;
    sutOutages = sutOutages == null ? List.of() : sutOutages;
  }

  public boolean completed() {
    return status == RunStatus.COMPLETED;
  }

  /** Every check of a run in report order: the prerequisites, each iteration's, then the cleanup's. */
  public static List<CheckResult> checksOf(List<CheckResult> prerequisites, List<IterationResult> iterations,
                                           List<CheckResult> cleanup) {
    List<CheckResult> all = new java.util.ArrayList<>(prerequisites);
    iterations.forEach(i -> all.addAll(i.checks()));
    all.addAll(cleanup);
    return all;
  }

  /**
   * Why a run is not compliant: the abort, if it was aborted, then every failed check; empty for a compliant run.
   * The master and {@code verify} both derive the verdict this one way.
   */
  public static List<String> reasons(List<CheckResult> checks, String abortReason) {
    List<String> reasons = new java.util.ArrayList<>();
    if (abortReason != null && !abortReason.isEmpty()) {
      reasons.add("run aborted: " + abortReason);
    }
    checks.stream().filter(c -> !c.passed()).forEach(c -> reasons.add(c.reason()));
    return reasons;
  }
}

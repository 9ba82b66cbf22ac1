package io.iotkit.result;

import io.iotkit.check.CheckResult;
import io.iotkit.metrics.Metrics;
import io.iotkit.metrics.Pricing;
import java.util.List;

/**
 * Everything a run produced; reports render only this, so they can be made again from run.json.
 *
 * @param status COMPLETED, or ABORTED (with {@code abortReason}) when a strict run broke a rule or the SUT failed
 * @param reasons why the run is not compliant; empty when it is
 */
public record RunResult(String kitVersion, String runId, String status, String abortReason,
                        int substations, long kvps, int threads, String binding, String sut, boolean strict,
                        List<CheckResult> prerequisites, List<IterationResult> iterations,
                        List<CheckResult> cleanup, Metrics metrics, Pricing pricing,
                        boolean compliant, List<String> reasons) {

  public boolean completed() {
    return "COMPLETED".equals(status);
  }
}

package io.iotkit.study;

import io.iotkit.model.IterationResult;
import io.iotkit.model.ResourceUsage;
import io.iotkit.model.ResourceUsage.ProcessUsage;
import io.iotkit.model.RunResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the master cost one point's run, as a study over P compares it: whatever of it grows faster than P limits
 * the runs a host can drive. Each figure is null where the run did not measure it.
 *
 * @param cpu mean CPU seconds per second of the master's JVM over the performance run
 * @param memoryPeakBytes its resident memory at its peak second of the performance run
 * @param startupSeconds from the run's start to its first warmup's TS_start: prerequisite checks, a local SUT's
 *     start and the instances' start (their JVMs, bindings and barrier)
 * @param reportSeconds from the run's result being together to the run's process having ended: the reports
 *     written and the process gone; null where the run's end was not seen (a table read without the study's record)
 */
public record MasterCost(Double cpu, Double memoryPeakBytes, Double startupSeconds, Double reportSeconds) {
  static final MasterCost NONE = new MasterCost(null, null, null, null);

  /**
   * @param performanceRun what the performance run used, or null when it was not sampled
   * @param processEnded when the run's process ended, or null when not known
   */
  static MasterCost of(RunResult result, ResourceUsage performanceRun, Instant processEnded) {
    List<ProcessUsage> master = performanceRun == null ? List.of() : performanceRun.processesOf("master");
    Double startup = null;
    List<IterationResult> its = result.iterations();
    if (result.started() != null && !its.isEmpty() && its.get(0).warmup() != null) {
      long first = its.get(0).warmup().startMicros();
      startup = (first - micros(result.started())) / 1e6;
    }
    Double report = processEnded == null || result.finished() == null ? null
        : Duration.between(result.finished(), processEnded).toMillis() / 1e3;
    return new MasterCost(PointResources.cpu(master), PointResources.memoryPeak(master), startup, report);
  }

  /** The master's CPU per instance, in ms per second; null where either is unknown. */
  Double cpuMillisPerInstance(Integer instances) {
    return cpu == null || instances == null || instances == 0 ? null : 1e3 * cpu / instances;
  }

  /** The run's start-up per instance, in seconds; null where either is unknown. */
  Double startupSecondsPerInstance(Integer instances) {
    return startupSeconds == null || instances == null || instances == 0 ? null : startupSeconds / instances;
  }

  private static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000 + t.getNano() / 1_000;
  }
}
